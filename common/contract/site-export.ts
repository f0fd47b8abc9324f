import { z } from 'zod'
import { shortLinkFields } from '#common/contract/x-posts.ts'

// Issue 31, "Export everything": the posts.json of the site's export zip. The zip is what a team
// leaves with and what imports back here, so this schema is the one both sides read. A field that
// changes meaning gets a new `version`, so an old zip is never read with the wrong meaning.

export const SITE_EXPORT_FORMAT = 'vidquest-export'
export const SITE_EXPORT_VERSION = 1

/** A date as the export writes it: an ISO string (new Date(...).toISOString()). */
const isoDate = z.iso.datetime({ offset: true })

export const ExportAuthor = z.object({
  username: z.string(),
  name: z.string().nullable(),
})
export type ExportAuthor = z.infer<typeof ExportAuthor>

/** A social post of the post (a row of x_posts): what it says and how it did, never a token. */
export const ExportSocialPost = z.object({
  channel: z.string(),
  status: z.string(),
  originalContent: z.string(),
  rewrittenContent: z.string(),
  ...shortLinkFields,
  publishedAt: isoDate,
  scheduledAt: isoDate.nullable(),
  postedAt: isoDate.nullable(),
  tweetUrl: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  asThread: z.boolean(),
  linkInReply: z.boolean(),
  linkAt: z.string(),
})
export type ExportSocialPost = z.infer<typeof ExportSocialPost>

export const ExportRevision = z.object({
  reason: z.string(),
  createdAt: isoDate,
  fields: z.record(z.string(), z.unknown()),
})
export type ExportRevision = z.infer<typeof ExportRevision>

export const ExportPost = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
  featuredImage: z.string().nullable(),
  images: z.array(z.string()),
  imageAlts: z.record(z.string(), z.string()),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  author: z.string().nullable(),
  isPublished: z.boolean(),
  publishedAt: isoDate.nullable(),
  updatedAt: isoDate,
  scheduledAt: isoDate.nullable(),
  unpublishAt: isoDate.nullable(),
  aiGenerated: z.boolean(),
  sourceUrl: z.string().nullable(),
  sourceTitle: z.string().nullable(),
  focusKeyword: z.string().nullable(),
  viewCount: z.number().int(),
  reviewState: z.string().nullable(),
  reviewNote: z.string().nullable(),
  authors: z.array(ExportAuthor),
  socialPosts: z.array(ExportSocialPost),
  /** Present only in an export asked for with its revisions. */
  revisions: z.array(ExportRevision).optional(),
})
export type ExportPost = z.infer<typeof ExportPost>

export const ExportRedirect = z.object({
  from: z.string(),
  to: z.string(),
  origin: z.string(),
  hits: z.number().int(),
  lastHitAt: isoDate.nullable(),
})
export type ExportRedirect = z.infer<typeof ExportRedirect>

export const SiteExportFile = z.object({
  format: z.literal(SITE_EXPORT_FORMAT),
  version: z.literal(SITE_EXPORT_VERSION),
  exportedAt: isoDate,
  site: z.object({ publicUrl: z.string() }),
  posts: z.array(ExportPost),
  redirects: z.array(ExportRedirect),
})
export type SiteExportFile = z.infer<typeof SiteExportFile>

/** GET /api/admin/export: `?revisions=1` adds each post's saved versions. */
export const SiteExportQuery = z.object({
  revisions: z.enum(['0', '1'], 'Must be 1 or 0').optional(),
})
