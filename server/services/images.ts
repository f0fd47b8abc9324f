import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { imageTooLarge, notAnImage, tooManyPixels } from '#common/contract/images.ts'
import { IMAGE_PIXELS_MAX, IMAGE_SIDE_MAX, isImageTooLarge } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { imageVariants, storedImages } from '#server/db/schema.ts'
import { InvalidInputError, PayloadTooLargeError } from '#server/services/errors.ts'
import { imageJob } from '#server/services/image-jobs.ts'
import { loadSharp, type OutputInfo } from '#server/services/sharp.ts'

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'

const MIME: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
}
const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' }

/** Widths a `?w=` variant may take: a closed set, so nobody can make us store endless sizes. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 1920] as const

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1')

/** The image type told by the file's first bytes, never by its name or a declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 64)
    for (let i = 8; i + 4 <= boxSize; i += 4) {
      const brand = ascii(bytes, i, i + 4)
      if (brand === 'avif' || brand === 'avis') return 'avif'
    }
  }
  return null
}

/** Base64 data URL → bytes; refuses anything else. The length is checked before decoding. */
export function decodeDataUrl(dataUrl: string, fileName: string): Uint8Array {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i.exec(dataUrl)
  if (!match)
    throw new InvalidInputError('imageData must be a base64 data URL (data:image/…;base64,…).', {
      imageData: 'Must be a base64 data URL',
    })
  const payload = dataUrl.slice(match[0].length).replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) {
    throw new InvalidInputError('imageData is not valid base64.', { imageData: 'Must be valid base64' })
  }
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  // Every 4 characters carry 3 bytes; unpadded base64 ends in 2 or 3 characters carrying 1 or 2.
  const decodedLength = Math.floor(((payload.length - padding) * 3) / 4)
  if (isImageTooLarge(decodedLength)) throw new PayloadTooLargeError(imageTooLarge(fileName))
  return Buffer.from(payload, 'base64')
}

export interface StoredImage {
  hash: string
  url: string
}

export const imageUrl = (hash: string, kind: ImageKind) => `/images/${hash}.${EXTENSION[kind]}`

/**
 * Checks and re-encodes an upload: type by magic bytes (SVG and anything else refused), at most
 * 5,242,879 bytes (under 5 MB), orientation applied then EXIF/GPS dropped, longest side capped at 2400 px.
 * Stored content-addressed, so the same picture uploaded twice is kept once.
 */
export async function storeImage(db: Db, bytes: Uint8Array, fileName: string): Promise<StoredImage> {
  if (isImageTooLarge(bytes.length)) throw new PayloadTooLargeError(imageTooLarge(fileName))
  const kind = sniffImage(bytes)
  if (!kind) throw new InvalidInputError(notAnImage(fileName))
  const animated = kind === 'gif' || kind === 'webp'
  // Counted from the header before any pixel is decoded: a small GIF can declare 120 frames of
  // 2400² (691 million pixels) that would take seconds and hundreds of MB to re-encode.
  const sharp = await loadSharp()
  let pixels: number
  try {
    const meta = await sharp(bytes, { animated, limitInputPixels: false }).metadata()
    pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1)
  } catch {
    throw new InvalidInputError(`${fileName}: The file could not be read as an image`)
  }
  if (pixels > IMAGE_PIXELS_MAX) throw new InvalidInputError(tooManyPixels(fileName))
  let output: { data: Buffer; info: OutputInfo }
  try {
    output = await imageJob(() => {
      let pipeline = sharp(bytes, { animated, limitInputPixels: IMAGE_PIXELS_MAX })
        .rotate()
        .resize({ width: IMAGE_SIDE_MAX, height: IMAGE_SIDE_MAX, fit: 'inside', withoutEnlargement: true })
      pipeline =
        kind === 'jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : kind === 'png'
            ? pipeline.png({ compressionLevel: 9 })
            : kind === 'webp'
              ? pipeline.webp({ quality: 85 })
              : kind === 'gif'
                ? pipeline.gif()
                : pipeline.avif({ quality: 60 })
      return pipeline.toBuffer({ resolveWithObject: true })
    })
  } catch {
    throw new InvalidInputError(`${fileName}: The file could not be read as an image`)
  }
  const hash = createHash('sha256').update(output.data).digest('hex')
  await db
    .insert(storedImages)
    .values({
      hash,
      mimeType: MIME[kind],
      width: output.info.width,
      height: output.info.pageHeight ?? output.info.height,
      bytes: output.data,
    })
    .onConflictDoNothing({ target: storedImages.hash })
  return { hash, url: imageUrl(hash, kind) }
}

export interface ImageBytes {
  bytes: Uint8Array
  mimeType: string
}

export async function loadImage(db: Db, hash: string): Promise<ImageBytes | null> {
  const [row] = await db
    .select({ bytes: storedImages.bytes, mimeType: storedImages.mimeType })
    .from(storedImages)
    .where(eq(storedImages.hash, hash))
  return row ? { bytes: toBytes(row.bytes), mimeType: row.mimeType } : null
}

/** Renders of variants made so far by this process (tests: concurrent requests share one). */
export const variantRenders = { count: 0 }
const rendering = new Map<string, Promise<ImageBytes | null>>()

/**
 * A WebP of the image at `width` (never wider than the original), made on first request and kept.
 * Requests for a variant that is being made wait for that render instead of starting their own.
 */
export async function loadVariant(db: Db, hash: string, width: number): Promise<ImageBytes | null> {
  const [cached] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.hash, hash), eq(imageVariants.width, width)))
  if (cached) return { bytes: toBytes(cached.bytes), mimeType: 'image/webp' }
  const key = `${hash}:${width}`
  let render = rendering.get(key)
  if (!render) {
    render = renderVariant(db, hash, width).finally(() => rendering.delete(key))
    rendering.set(key, render)
  }
  return render
}

async function renderVariant(db: Db, hash: string, width: number): Promise<ImageBytes | null> {
  const original = await loadImage(db, hash)
  if (!original) return null
  const sharp = await loadSharp()
  const data = await imageJob(() => {
    variantRenders.count++
    return sharp(original.bytes, { animated: true, limitInputPixels: IMAGE_PIXELS_MAX })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
  })
  // ON CONFLICT: another instance may have made the same variant meanwhile.
  await db.insert(imageVariants).values({ hash, width, bytes: data }).onConflictDoNothing()
  return { bytes: data, mimeType: 'image/webp' }
}

// pg gives a Buffer, PGlite a Uint8Array; both are fine to send.
function toBytes(value: Uint8Array | Buffer): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value)
}
