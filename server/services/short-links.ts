import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SHORT_CODE_LENGTH } from '#common/contract/x-posts.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, newsletters, xPosts } from '#server/db/schema.ts'
import type { ClickRecorder } from '#server/services/clicks.ts'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * A random base62 code from the OS's CSPRNG. Bytes of 248 and above are skipped so every
 * character is equally likely (248 = 4 × 62). 62^7 ≈ 3.5e12 codes: collisions are rare, and the
 * unique constraint on x_posts.short_code turns the rare one into a retry (createXPost).
 */
export function newShortCode(length = SHORT_CODE_LENGTH): string {
  let code = ''
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue
      code += BASE62[byte % 62]
      if (code.length === length) break
    }
  }
  return code
}

export function shortUrlFor(publicUrl: string, code: string): string {
  return `${publicUrl}/s/${code}`
}

/** The utm_campaign of a newsletter's tracked link: how the readers it brings are known later. */
export const newsletterCampaign = (id: number) => `newsletter-${id}`

export interface ShortLinkTarget {
  xPostId: number
  slug: string
  /** Issue 30: a newsletter's 'Read on the site' link (061) instead of a social post's. */
  newsletterId?: number
  /** The social post's network: the visit's utm_source (issue 29). */
  channel: string
}

export async function resolveShortCode(db: Db, code: string): Promise<ShortLinkTarget | null> {
  const [row] = await db
    .select({ xPostId: xPosts.id, slug: blogPosts.slug, channel: xPosts.channel })
    .from(xPosts)
    .innerJoin(blogPosts, eq(blogPosts.id, xPosts.blogPostId))
    .where(eq(xPosts.shortCode, code))
    .limit(1)
  if (row) return row
  const [letter] = await db
    .select({ newsletterId: newsletters.id, slug: blogPosts.slug })
    .from(newsletters)
    .innerJoin(blogPosts, eq(blogPosts.id, newsletters.postId))
    .where(eq(newsletters.shortCode, code))
    .limit(1)
  return letter ? { xPostId: 0, slug: letter.slug, channel: 'newsletter', newsletterId: letter.newsletterId } : null
}

/**
 * Where a short link sends the visitor: the post's public page, tagged for the analytics of the
 * site with its network (utm_source=linkedin…) and its social post (utm_campaign=linkedin-post-7;
 * an X post's stays x-post-7, as before issue 29).
 */
export function redirectTarget(publicUrl: string, target: ShortLinkTarget): string {
  if (target.newsletterId !== undefined) {
    const params = new URLSearchParams({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: newsletterCampaign(target.newsletterId),
    })
    return `${publicUrl}/blog/${encodeURIComponent(target.slug)}?${params}`
  }
  const params = new URLSearchParams({
    utm_source: target.channel,
    utm_medium: 'social',
    utm_campaign: `${target.channel}-post-${target.xPostId}`,
  })
  return `${publicUrl}/blog/${encodeURIComponent(target.slug)}?${params}`
}

export interface ResolvedShortLink {
  /** 0 for a newsletter's link: its clicks are not social post clicks (the visit keeps utm_source). */
  xPostId: number
  /** The redirect's Location, built once per cache entry. */
  location: string
}

/**
 * code → where it leads, remembered for `ttlMs`. A redirect must not wait for the database each
 * time (docs/decisions/012-click-recording-in-batches.md); the cost is that a renamed slug or a
 * deleted post reaches the short link up to `ttlMs` later (a click on a deleted post is then
 * dropped when its batch is written). Unknown codes are not remembered.
 */
export class ShortLinkCache {
  readonly #entries = new Map<string, { link: ResolvedShortLink; expires: number }>()
  readonly #ttlMs: number
  readonly #max: number
  readonly #now: () => number

  constructor({ ttlMs = 10_000, max = 10_000, now = () => performance.now() } = {}) {
    this.#ttlMs = ttlMs
    this.#max = max
    this.#now = now
  }

  /** The remembered link, without asking the database; null when unknown or expired. */
  peek(code: string): ResolvedShortLink | null {
    const hit = this.#entries.get(code)
    return hit && hit.expires > this.#now() ? hit.link : null
  }

  async resolve(db: Db, code: string, publicUrl: string): Promise<ResolvedShortLink | null> {
    const hit = this.#entries.get(code)
    const now = this.#now()
    if (hit && hit.expires > now) return hit.link
    const target = await resolveShortCode(db, code)
    if (!target) {
      this.#entries.delete(code)
      return null
    }
    if (this.#entries.size >= this.#max) {
      // Map keeps insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    const link = { xPostId: target.xPostId, location: redirectTarget(publicUrl, target) }
    this.#entries.delete(code)
    this.#entries.set(code, { link, expires: now + this.#ttlMs })
    return link
  }

  clear() {
    this.#entries.clear()
  }
}

/** A redirect is for one visitor at one moment: never stored by a browser or a proxy. */
export const SHORT_LINK_CACHE_CONTROL = 'private, no-store'

/**
 * Queues one click of a short link (GET only: HEAD is answered and not counted), then calls
 * `answer`, which writes the 302: after the click is in the click log (ClickRecorder.recordThen).
 * Bots, and clients without a user agent, are tallied, not counted. The one rule for both ways
 * in: the Hono route (server/api/short-links.ts) and the fast path
 * (server/http/short-link-fast-path.ts).
 */
export function recordShortLinkClick(
  clicks: ClickRecorder,
  xPostId: number,
  request: { ipAddress: string; userAgent: string | undefined; referrer: string | undefined },
  answer: () => void,
) {
  if (xPostId === 0) return answer()
  const userAgent = request.userAgent || null
  clicks.recordThen(
    {
      xPostId,
      ipAddress: request.ipAddress,
      userAgent,
      referrer: request.referrer || null,
      clickedAt: clicks.now(),
      // No User-Agent at all: a script, not a person's browser.
      bot: userAgent === null || clicks.isBot(userAgent),
    },
    answer,
  )
}
