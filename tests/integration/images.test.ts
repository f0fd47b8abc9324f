import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { IMAGE_BYTES_MAX } from '#common/limits.ts'
import { imageVariants, storedImages } from '#server/db/schema.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const IMAGE_URL = /^\/images\/[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/

let t: TestApp
let cookie: string
/** Fixtures made with sharp at test time; `photo` is a 3000×1500 JPEG with EXIF, GPS and orientation 6. */
const fixtures = {} as Record<'photo' | 'png' | 'webp' | 'gif' | 'avif', Buffer>

const canvas = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.adminCookie()
  fixtures.photo = await canvas(3000, 1500, '#c83c1e')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1', Copyright: 'Test fixture' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .jpeg()
    .toBuffer()
  fixtures.png = await canvas(320, 200, '#1e90ff').png().toBuffer()
  fixtures.webp = await canvas(300, 180, '#228b22').webp().toBuffer()
  fixtures.gif = await canvas(120, 90, '#ffd700').gif().toBuffer()
  fixtures.avif = await canvas(200, 100, '#800080').avif().toBuffer()
})
afterAll(() => t.close())

const dataUrl = (bytes: Uint8Array, type = 'image/jpeg') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

async function upload(body: Record<string, unknown>, withCookie = true) {
  const res = await t.app.request('/api/blog/upload-image', json('POST', body, withCookie ? cookie : undefined))
  return { status: res.status, body: (await res.json()) as any }
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

const hashOf = (url: string) => url.slice('/images/'.length, '/images/'.length + 64)

async function storedCount() {
  const [row] = await t.database.db.select({ n: count() }).from(storedImages)
  return row?.n ?? 0
}

describe('POST /api/blog/upload-image', () => {
  test.each([
    ['photo', 'photo.jpg', 'image/jpeg', 'jpg', 'jpeg'],
    ['png', 'diagram.png', 'image/png', 'png', 'png'],
    ['webp', 'banner.webp', 'image/webp', 'webp', 'webp'],
    ['gif', 'loop.gif', 'image/gif', 'gif', 'gif'],
    ['avif', 'hero.avif', 'image/avif', 'avif', 'heif'],
  ] as const)(
    'stores a %s upload and serves it with its type and a one-year immutable cache',
    async (fixture, fileName, mime, extension, format) => {
      const { status, body } = await upload({ imageData: dataUrl(fixtures[fixture], mime), fileName })
      expect(status).toBe(200)
      expect(body).toEqual({ success: true, imageUrl: expect.stringMatching(IMAGE_URL), fileName })
      expect(body.imageUrl.endsWith(`.${extension}`)).toBe(true)

      const { res, bytes } = await fetchImage(body.imageUrl)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(mime)
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
      expect((await sharp(bytes).metadata()).format).toBe(format)
    },
  )

  test('the type is told by the bytes, not by the declared type or the file name', async () => {
    const { status, body } = await upload({ imageData: dataUrl(fixtures.png, 'image/jpeg'), fileName: 'named.jpg' })
    expect(status).toBe(200)
    expect(body.imageUrl).toMatch(/\.png$/)
    const { res } = await fetchImage(body.imageUrl)
    expect(res.headers.get('content-type')).toBe('image/png')
  })

  test('a JPEG is served without EXIF or GPS, turned upright and capped at 2400 px on its longest side', async () => {
    const original = await sharp(fixtures.photo).metadata()
    expect([original.width, original.height, original.orientation]).toEqual([3000, 1500, 6])
    // The fixture really carries a GPS block (tag 0x8825, little-endian) for the server to remove.
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)

    const { body } = await upload({ imageData: dataUrl(fixtures.photo), fileName: 'holiday.jpg' })
    const { bytes } = await fetchImage(body.imageUrl)
    const served = await sharp(bytes).metadata()
    expect(served.format).toBe('jpeg')
    expect(served.exif).toBeUndefined()
    expect(served.orientation).toBeUndefined()
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false)
    // Orientation 6 means "rotate 90°": the landscape file is a portrait picture.
    expect([served.width, served.height]).toEqual([1200, 2400])
    expect(Math.max(served.width ?? 0, served.height ?? 0)).toBe(2400)
  })

  test('the same picture uploaded twice gets the same URL and is stored once', async () => {
    const first = await upload({ imageData: dataUrl(fixtures.gif, 'image/gif'), fileName: 'a.gif' })
    const rowsAfterFirst = await storedCount()
    const second = await upload({ imageData: dataUrl(fixtures.gif, 'image/gif'), fileName: 'b.gif' })
    expect(second.status).toBe(200)
    expect(second.body.imageUrl).toBe(first.body.imageUrl)
    expect(second.body.fileName).toBe('b.gif')
    expect(await storedCount()).toBe(rowsAfterFirst)
  })

  test('a stored image row holds the served bytes, so any instance can serve it', async () => {
    const { body } = await upload({ imageData: dataUrl(fixtures.webp, 'image/webp'), fileName: 'row.webp' })
    const hash = hashOf(body.imageUrl)
    const [row] = await t.database.db.select().from(storedImages).where(eq(storedImages.hash, hash))
    const { bytes } = await fetchImage(body.imageUrl)
    expect(row).toMatchObject({ mimeType: 'image/webp', width: 300, height: 180 })
    expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true)
  })

  test('without a session answers 401 and stores nothing', async () => {
    const before = await storedCount()
    const { status, body } = await upload(
      { imageData: dataUrl(fixtures.png, 'image/png'), fileName: 'anon.png' },
      false,
    )
    expect(status).toBe(401)
    expect(body.success).toBe(false)
    expect(await storedCount()).toBe(before)
  })
})

describe('POST /api/blog/upload-image refusals', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>'
  const jpegMagic = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
  const garbage = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 31 + 7) % 251))

  test.each([
    {
      name: 'an SVG',
      body: () => ({ imageData: dataUrl(Buffer.from(svg), 'image/svg+xml'), fileName: 'logo.svg' }),
      status: 400,
      error: 'logo.svg: Only image files are allowed',
    },
    {
      name: 'a text file renamed .png',
      body: () => ({
        imageData: dataUrl(Buffer.from('meeting notes, not a picture\n'), 'image/png'),
        fileName: 'notes.png',
      }),
      status: 400,
      error: 'notes.png: Only image files are allowed',
    },
    {
      name: 'a decoded payload of exactly 5,242,880 bytes (docs/product.md §5: under 5 MB)',
      body: () => ({
        imageData: dataUrl(Buffer.concat([fixtures.photo, Buffer.alloc(IMAGE_BYTES_MAX - fixtures.photo.length)])),
        fileName: 'big.jpg',
      }),
      status: 413,
      error: 'big.jpg: Image must be smaller than 5MB',
    },
    {
      name: '5,242,879 bytes that are not an image (size allowed, type refused)',
      body: () => ({ imageData: dataUrl(Buffer.alloc(IMAGE_BYTES_MAX - 1, 0x41)), fileName: 'edge.jpg' }),
      status: 400,
      error: 'edge.jpg: Only image files are allowed',
    },
    {
      name: 'a JPEG signature followed by garbage',
      body: () => ({ imageData: dataUrl(Buffer.concat([jpegMagic, garbage])), fileName: 'corrupt.jpg' }),
      status: 400,
      error: 'corrupt.jpg: The file could not be read as an image',
    },
    {
      name: 'a JPEG cut off halfway',
      body: () => ({ imageData: dataUrl(fixtures.photo.subarray(0, fixtures.photo.length >> 1)), fileName: 'cut.jpg' }),
      status: 400,
      error: 'cut.jpg: The file could not be read as an image',
    },
  ])('$name answers $status with the error and stores nothing', async ({ body, status, error }) => {
    const before = await storedCount()
    const res = await upload(body())
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ success: false, error })
    expect(await storedCount()).toBe(before)
  })

  test('imageData that is not a data URL answers 400 naming imageData', async () => {
    const before = await storedCount()
    const { status, body } = await upload({ imageData: 'https://example.com/cat.jpg', fileName: 'cat.jpg' })
    expect(status).toBe(400)
    expect(body).toMatchObject({ success: false, fields: { imageData: 'Must be a base64 data URL' } })
    expect(body.error).toMatch(/base64 data URL/)
    expect(await storedCount()).toBe(before)
  })

  test('imageData with characters outside base64 answers 400', async () => {
    const { status, body } = await upload({ imageData: 'data:image/png;base64,iVBOR$$w0KGgo', fileName: 'x.png' })
    expect(status).toBe(400)
    expect(body).toMatchObject({ success: false, error: 'imageData is not valid base64.' })
  })

  test('a missing fileName answers 400 naming the field', async () => {
    const before = await storedCount()
    const { status, body } = await upload({ imageData: dataUrl(fixtures.png, 'image/png') })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: 'fileName: fileName is required',
      fields: { fileName: 'fileName is required' },
    })
    const blank = await upload({ imageData: dataUrl(fixtures.png, 'image/png'), fileName: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields).toEqual({ fileName: 'fileName is required' })
    expect(await storedCount()).toBe(before)
  })
})

describe('GET /images/:file', () => {
  let jpegUrl: string
  beforeAll(async () => {
    const { body } = await upload({ imageData: dataUrl(fixtures.photo), fileName: 'serve.jpg' })
    jpegUrl = body.imageUrl
  })

  test('If-None-Match with the ETag answers 304 with no body', async () => {
    const { res: first } = await fetchImage(jpegUrl)
    const etag = first.headers.get('etag')!
    const { res, bytes } = await fetchImage(jpegUrl, { 'if-none-match': etag })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(bytes.length).toBe(0)
  })

  test('a stale If-None-Match answers 200 with the image', async () => {
    const { res, bytes } = await fetchImage(jpegUrl, { 'if-none-match': '"0000"' })
    expect(res.status).toBe(200)
    expect((await sharp(bytes).metadata()).format).toBe('jpeg')
  })

  test('?w=640 answers a 640 px wide WebP, made once and kept in image_variants', async () => {
    const first = await fetchImage(`${jpegUrl}?w=640`)
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('content-type')).toBe('image/webp')
    expect(first.res.headers.get('cache-control')).toBe(IMMUTABLE)
    const meta = await sharp(first.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 1280])

    const hash = hashOf(jpegUrl)
    const rows = await t.database.db.select().from(imageVariants).where(eq(imageVariants.hash, hash))
    expect(rows.map((r) => r.width)).toEqual([640])
    expect(Buffer.from(rows[0]!.bytes).equals(first.bytes)).toBe(true)

    const second = await fetchImage(`${jpegUrl}?w=640`)
    expect(second.res.status).toBe(200)
    expect(second.bytes.equals(first.bytes)).toBe(true)
    const [after] = await t.database.db.select({ n: count() }).from(imageVariants).where(eq(imageVariants.hash, hash))
    expect(after?.n).toBe(1)
  })

  test('a variant has its own ETag, distinct from the original', async () => {
    const original = (await fetchImage(jpegUrl)).res.headers.get('etag')
    const variant = (await fetchImage(`${jpegUrl}?w=320`)).res.headers.get('etag')
    expect(variant).toMatch(/-w320"$/)
    expect(variant).not.toBe(original)
    const { res } = await fetchImage(`${jpegUrl}?w=320`, { 'if-none-match': variant! })
    expect(res.status).toBe(304)
  })

  test('a variant is never wider than the original', async () => {
    const { body } = await upload({ imageData: dataUrl(fixtures.gif, 'image/gif'), fileName: 'small.gif' })
    const { res, bytes } = await fetchImage(`${body.imageUrl}?w=640`)
    expect(res.status).toBe(200)
    expect((await sharp(bytes).metadata()).width).toBe(120)
  })

  test('a width outside the allowed set answers 400 and makes no variant', async () => {
    const hash = hashOf(jpegUrl)
    for (const w of ['641', '0', 'abc', '', '100000']) {
      const { res } = await fetchImage(`${jpegUrl}?w=${w}`)
      expect(res.status, `w=${w}`).toBe(400)
    }
    const widths = (await t.database.db.select().from(imageVariants).where(eq(imageVariants.hash, hash))).map(
      (r) => r.width,
    )
    expect(widths).not.toContain(641)
  })

  test('an unknown hash answers 404, with or without a width', async () => {
    expect((await fetchImage(`/images/${'a'.repeat(64)}.jpg`)).res.status).toBe(404)
    expect((await fetchImage(`/images/${'a'.repeat(64)}.jpg?w=640`)).res.status).toBe(404)
  })

  test('a name that is not a hash and a known extension answers 404', async () => {
    const hash = hashOf(jpegUrl)
    for (const name of [
      `${hash}.svg`,
      `${hash}`,
      `${hash.slice(0, 63)}.jpg`,
      `${hash.toUpperCase()}.jpg`,
      '..%2Fetc%2Fpasswd',
    ]) {
      expect((await fetchImage(`/images/${name}`)).res.status, name).toBe(404)
    }
  })
})
