import { z } from 'zod'
// Also for its zod configuration (jitless), which must run before any parse.
import { atMost } from '#common/contract/errors.ts'
import { positiveId } from '#common/contract/posts.ts'

/**
 * docs/product.md §4: the states of an X post. 'failed' is what a refused 'Post to X' leaves behind;
 * 'scheduled' (issue 14) waits for its time, and only the schedule endpoints set or clear it.
 */
export const X_POST_STATUSES = ['draft', 'scheduled', 'published', 'failed'] as const
export type XPostStatus = (typeof X_POST_STATUSES)[number]
/** What Mark Published / Mark Draft may set (PATCH /api/x-posts/{id}/status). */
export const X_POST_MANUAL_STATUSES = ['draft', 'published', 'failed'] as const

/** Short link codes: base62, 7 characters when made here; up to 16 accepted in a path. */
export const SHORT_CODE_LENGTH = 7
export const SHORT_CODE_MAX = 16
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/

/** The optional custom text of 'Generate X Post' (the spec leaves its bound open). */
export const CUSTOM_CONTENT_MAX = 2_000

export const PublishXInput = z.object({
  customContent: z
    .string('Must be text')
    .trim()
    .max(CUSTOM_CONTENT_MAX, atMost(CUSTOM_CONTENT_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
})
export type PublishXInput = z.input<typeof PublishXInput>

/** POST /api/x-posts/{id}/post-to-x: an optional body. */
export const PostToXInput = z.object({
  /** 'Share a thread' (issue 14): the link goes in a first reply instead of the post itself. */
  linkInReply: z.boolean('Must be true or false').optional(),
})

export const XPostStatusInput = z.object({
  status: z.enum(X_POST_MANUAL_STATUSES, { error: 'Must be draft, published or failed' }),
})
export type XPostStatusInput = z.infer<typeof XPostStatusInput>

export const XPostId = z.object({ id: positiveId })

/** A post's short link and how it did: the fields of X posts, social posts and the site export's. */
export const shortLinkFields = {
  /** PUBLIC_URL/s/{shortCode}; a social post's adds ?utm_source={channel}. */
  shortUrl: z.string(),
  shortCode: z.string(),
  /** People's clicks (crawlers and link-preview bots excluded). */
  clickCount: z.number().int(),
  /** Clicks that were not a repeat from the same IP and user agent within 30 minutes. */
  uniqueClickCount: z.number().int(),
  /** Requests from crawlers and link-preview bots (X's card fetcher among them), not counted as clicks. */
  botClickCount: z.number().int(),
}

export const XPost = z.object({
  id: z.number().int(),
  blogPostId: z.number().int(),
  /** The custom text, or the post's title and excerpt. */
  originalContent: z.string(),
  /** The text of the X post, without the link; with ' ' + shortUrl it fits X's 280 weighted characters. */
  rewrittenContent: z.string(),
  ...shortLinkFields,
  /** When the X post was created (docs/product.md §3 name). */
  publishedAt: z.string(),
  status: z.enum(X_POST_STATUSES),
  /** Set once 'Post to X' succeeded. */
  tweetId: z.string().nullable(),
  tweetUrl: z.string().nullable(),
  /** Why the last 'Post to X' failed (status 'failed', or a scheduled one that will be retried); null otherwise. */
  errorMessage: z.string().nullable(),
  /** Issue 14: when a scheduled X post is due (ISO 8601, UTC); null when not scheduled. */
  scheduledAt: z.string().nullable(),
  /** When it reached X; null until then. */
  postedAt: z.string().nullable(),
  /** 'Share a thread': the post goes without the link, and a first reply carries it. */
  linkInReply: z.boolean(),
  /** The reply carrying the link, when linkInReply. */
  replyTweetId: z.string().nullable(),
})
export type XPost = z.infer<typeof XPost>

export const XPostList = z.object({ xPosts: z.array(XPost) })
export type XPostList = z.infer<typeof XPostList>

export const XPostStatusResponse = z.object({ success: z.literal(true), message: z.string(), xPost: XPost })

export const XPostAnalytics = z.object({
  totalClicks: z.number().int(),
  uniqueClicks: z.number().int(),
  /** Clicks per UTC hour, keyed like '2026-11-21T14:00Z', oldest first; hours without clicks are absent. */
  clicksByHour: z.record(z.string(), z.number().int()),
  /** Clicks per referrer host ('direct' when none was sent), at most 10, most clicks first. */
  topReferrers: z.record(z.string(), z.number().int()),
  botClicks: z.number().int(),
})
export type XPostAnalytics = z.infer<typeof XPostAnalytics>

export const PostToXResponse = z.object({ success: z.literal(true), message: z.string(), xPost: XPost })

/** What this server can do with X posts: the panel shows 'Post to X' only when postToX is true. */
export const XCapabilities = z.object({
  postToX: z.boolean(),
  /** Issue 14: the quick posting times of 'Schedule' ('HH:MM', the admin's own time zone), X_POSTING_SLOTS. */
  slots: z.array(z.string()),
})
export type XCapabilities = z.infer<typeof XCapabilities>

/** The text X receives: the rewritten text, a space, the short link. */
export function tweetText(xPost: Pick<XPost, 'rewrittenContent' | 'shortUrl'>): string {
  return `${xPost.rewrittenContent} ${xPost.shortUrl}`
}

/** X's compose intent ('Share on X'): opens X with the text and link filled in. */
export function xIntentUrl(xPost: Pick<XPost, 'rewrittenContent' | 'shortUrl'>): string {
  const params = new URLSearchParams({ text: xPost.rewrittenContent, url: xPost.shortUrl })
  return `https://x.com/intent/post?${params}`
}
