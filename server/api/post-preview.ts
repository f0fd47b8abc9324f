import { Hono } from 'hono'
import { OgPreviewQuery } from '#common/contract/og-preview.ts'
import type { AppEnv } from '#server/http/env.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { postOgCard, renderOgImage } from '#server/services/og-image.ts'

/**
 * Issue 32: the editor's share preview draws the link-preview image a save would give, from the
 * unsaved title, category and byline: the same card as /og/{slug} (server/api/seo.ts). Anyone who
 * may write a draft; not cached by shared caches. docs/decisions/053-post-preview.md
 */
export const postPreviewApi = new Hono<AppEnv>().get(
  '/og-preview',
  allow('draft'),
  validate('query', OgPreviewQuery),
  async (c) => {
    const { title, category, author, publishedAt } = c.req.valid('query')
    const { site, publicUrl } = c.var.config
    const card = postOgCard(
      { title, category: category || null, author: author || null, publishedAt: publishedAt ?? null },
      site,
      publicUrl,
    )
    const bytes = await renderOgImage(card)
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'private, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    })
  },
)
