import { Hono } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { loadImage, loadVariant, VARIANT_WIDTHS } from '#server/services/images.ts'

const FILE = /^([0-9a-f]{64})\.(jpg|png|webp|gif|avif)$/
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Content-addressed images: the URL changes when the bytes do, so they are cached for a year. */
export const images = new Hono<AppEnv>().get('/:file', async (c) => {
  const match = FILE.exec(c.req.param('file'))
  if (!match) return apiError(c, 404, 'Image not found.')
  const hash = match[1] as string
  const w = c.req.query('w')
  let width: number | null = null
  if (w !== undefined) {
    width = Number(w)
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) {
      return apiError(c, 400, `w must be one of ${VARIANT_WIDTHS.join(', ')}.`, { w: 'Unsupported width' })
    }
  }
  const etag = `"${hash.slice(0, 32)}${width ? `-w${width}` : ''}"`
  if (c.req.header('if-none-match') === etag) {
    return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE })
  }
  const image = width ? await loadVariant(c.var.db, hash, width) : await loadImage(c.var.db, hash)
  if (!image) return apiError(c, 404, 'Image not found.')
  return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': image.mimeType,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  })
})
