import type { ExportPost } from '#common/contract/site-export.ts'

/**
 * Issue 31: what every import format (WordPress WXR, Ghost JSON, a zip of Markdown files) is read
 * into, before anything is written. The parsers are pure: they neither fetch nor write; the import
 * service (dry run, then the import job) decides what becomes of each item. docs/decisions/065.
 */

/** 'vidquest': this site's own export zip, imported back losslessly (server/services/import/site-export.ts). */
export type ImportFormat = 'wordpress' | 'ghost' | 'markdown' | 'vidquest'

export type ImportedStatus = 'published' | 'draft' | 'scheduled'

export interface ImportedPost {
  /** Stable id of the item in its source (WordPress post_id, Ghost id, the zip entry's path): re-imports match on it. */
  sourceId: string
  /** 'Untitled' when the source has none (and a warning says so). */
  title: string
  /** Matches SLUG_PATTERN (common/contract/posts.ts), at most SLUG_MAX; derived from the title when the source's is unusable. */
  slug: string
  /** The item's addresses on the old site as paths with their query, e.g. '/2019/05/hello/' and '/?p=12'; decoded (no %xx). */
  oldPaths: string[]
  /** Markdown (common/markdown.ts renders it); images keep their absolute source URLs here. */
  content: string
  excerpt: string | null
  category: string | null
  tags: string[]
  author: string | null
  status: ImportedStatus
  /** ISO 8601 with offset: when it was (or, scheduled, will be) published; null for a draft never published. */
  publishedAt: string | null
  /** Absolute http(s) URL on the old site, fetched by the import; null when none. */
  featuredImage: string | null
  featuredImageAlt: string | null
  /** Every absolute http(s) image URL the content references (featured image excluded), in order, no duplicates. */
  images: string[]
  /** What a person should know about this item (no title, no text, an embed made a link…). */
  warnings: string[]
  /** This site's own export: the post exactly as it was exported, restored as a whole. */
  exact?: ExportPost
}

export interface SkippedItem {
  sourceId: string
  title: string
  /** Why, in words a person understands: "A page, not a post", "An attachment". */
  reason: string
}

export interface ParsedImport {
  format: ImportFormat
  /** The old site's address when the file says it (WXR's <link>, Ghost has none): old paths are relative to it. */
  siteUrl: string | null
  posts: ImportedPost[]
  skipped: SkippedItem[]
}

/** The file is not what it claims to be (or is beyond the limits): a 400, nothing written. */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}

/** At most this many posts in one file (issue 31). */
export const IMPORT_POSTS_MAX = 5000
