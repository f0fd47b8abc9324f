import { createHash } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { SLUG_PATTERN } from '#common/contract/posts.ts'
import { AUTHOR_SLUG_MAX, AUTHOR_SLUG_PATTERN } from '#common/contract/profile.ts'
import { SLUG_MAX } from '#common/limits.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { authorsOf } from '#server/services/authors.ts'
import { buildAuthorRss, buildRobots, buildRss, buildSitemap } from '#server/services/feeds.ts'
import { postOgCard, renderLogoPng, renderOgImage } from '#server/services/og-image.ts'
import { getPostBySlug } from '#server/services/posts.ts'

/** Generated images kept in memory; the key includes the post's updatedAt, so edits miss it. */
const IMAGE_CACHE_MAX = 100
const images = new Map<string, Promise<Buffer>>()

function cached(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = images.get(key)
  if (hit) {
    // Map order is insertion order: re-inserting marks it most recently used.
    images.delete(key)
    images.set(key, hit)
    return hit
  }
  const pending = render()
  images.set(key, pending)
  pending.catch(() => images.delete(key))
  while (images.size > IMAGE_CACHE_MAX) images.delete(images.keys().next().value as string)
  return pending
}

const FEED_CACHE = 'public, max-age=300'
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'

function png(c: Context<AppEnv>, bytes: Buffer) {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
  const headers = { ETag: etag, 'Cache-Control': IMAGE_CACHE, 'X-Content-Type-Options': 'nosniff' }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'image/png' })
}

/** Search engines and link previews: sitemap, RSS, robots.txt, generated OG images and the logo. */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const xml = await buildSitemap(c.var.db, c.var.config.publicUrl)
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': FEED_CACHE })
  })
  .get('/rss.xml', async (c) => {
    const xml = await buildRss(c.var.db, c.var.config.publicUrl, c.var.config.site)
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE })
  })
  // Issue 28: one author's posts; the same feed as /rss.xml, filtered.
  .get('/blog/author/:slug/rss.xml', async (c) => {
    const slug = c.req.param('slug')
    const { publicUrl, site } = c.var.config
    const xml =
      slug.length <= AUTHOR_SLUG_MAX && AUTHOR_SLUG_PATTERN.test(slug)
        ? await buildAuthorRss(c.var.db, slug, publicUrl, site)
        : null
    if (xml === null) return apiError(c, 404, 'No author has this address.')
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE })
  })
  .get('/robots.txt', (c) =>
    c.body(buildRobots(c.var.config.publicUrl), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  )
  .get('/brand/logo.png', async (c) => png(c, await cached('brand:logo', renderLogoPng)))
  .get('/brand/og.png', async (c) => {
    const { site, publicUrl } = c.var.config
    const bytes = await cached('brand:og', () =>
      renderOgImage({
        title: 'Industry News and Articles',
        eyebrow: 'Blog',
        byline: site.tagline,
        brandName: site.brandName,
        host: new URL(publicUrl).host,
      }),
    )
    return png(c, bytes)
  })
  .get('/og/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return apiError(c, 404, 'Image not found.')
    // Drafts have no preview image: their titles are not public yet.
    const post = await getPostBySlug(c.var.db, slug, { includeDrafts: false })
    if (!post) return apiError(c, 404, 'Image not found.')
    const { site, publicUrl } = c.var.config
    // The byline the page shows (issue 28): a change of authors does not touch the post, so it is
    // part of the key.
    const staff = (await authorsOf(c.var.db, [post.id])).get(post.id)
    const card = postOgCard(post, site, publicUrl, staff)
    const bytes = await cached(`post:${post.slug}:${post.updatedAt}:${card.byline}`, () => renderOgImage(card))
    return png(c, bytes)
  })
