import { SLUG_MAX } from '#common/limits.ts'
import { toSlug } from '#common/text-rules.ts'
import { lexicalToMarkdown, mobiledocToMarkdown } from '#server/services/import/ghost-content.ts'
import { ghostHtmlToMarkdown, ImageCollector, replaceGhostUrl } from '#server/services/import/ghost-html.ts'
import {
  IMPORT_POSTS_MAX,
  type ImportedPost,
  type ImportedStatus,
  ImportFormatError,
  type ParsedImport,
  type SkippedItem,
} from '#server/services/import/types.ts'

/**
 * Issue 31: a Ghost export (Settings → Labs → Export, Ghost 4, 5 and 6) read into posts. Pure: the
 * JSON in, the posts out; images are listed for the import to fetch.
 */

interface GhostPost {
  id: string
  title?: string | null
  slug?: string | null
  html?: string | null
  lexical?: string | null
  mobiledoc?: string | null
  type?: string
  status?: string
  custom_excerpt?: string | null
  published_at?: string | null
  feature_image?: string | null
  feature_image_alt?: string | null
  author_id?: string
}
interface GhostTag {
  id: string
  name: string
  visibility?: string
}
interface GhostUser {
  id: string
  name: string
}
interface GhostLink {
  post_id: string
  sort_order?: number
}
interface GhostData {
  posts: GhostPost[]
  tags?: GhostTag[]
  posts_tags?: (GhostLink & { tag_id: string })[]
  users?: GhostUser[]
  posts_authors?: (GhostLink & { author_id: string })[]
  posts_meta?: { post_id: string; feature_image_alt?: string | null }[]
}

/** Ghost's own slug rule is looser than ours only in length and case; checked, not trusted. */
const SLUG_PATTERN = /^[a-z0-9_]+(?:-+[a-z0-9_]+)*$/
const SUPPORTED_MAJORS = [4, 5, 6]
const NO_TEXT = '*(This post had no text in Ghost.)*'

function notGhost(why: string): ImportFormatError {
  return new ImportFormatError(`This file is not a Ghost export: ${why}`)
}

/** The export's data and version, or the reason it is not one Ghost export we read. */
function readExport(json: string): { data: GhostData; version: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw notGhost('it is not JSON')
  }
  const db = (parsed as { db?: unknown } | null)?.db
  const first = Array.isArray(db)
    ? (db[0] as { meta?: { version?: unknown }; data?: GhostData } | undefined)
    : undefined
  if (!first?.data || !Array.isArray(first.data.posts)) throw notGhost('it has no db[0].data.posts')
  const version = typeof first.meta?.version === 'string' ? first.meta.version : ''
  const major = Number(/^(\d+)\./.exec(version)?.[1])
  if (!SUPPORTED_MAJORS.includes(major)) {
    throw new ImportFormatError(
      `This Ghost export is from version ${version || 'unknown'}; exports from Ghost 4, 5 and 6 can be imported`,
    )
  }
  if (first.data.posts.length > IMPORT_POSTS_MAX) {
    throw new ImportFormatError(`This Ghost export has more than ${IMPORT_POSTS_MAX} posts; split it to import it`)
  }
  return { data: first.data, version }
}

function bySortOrder<T extends GhostLink>(links: T[] | undefined, postId: string): T[] {
  return (links ?? [])
    .filter((link) => link.post_id === postId)
    .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
}

/** Public tag names in the post's order: internal tags ('#hash' names) are Ghost's own bookkeeping. */
function publicTags(data: GhostData, postId: string): string[] {
  const tags = new Map((data.tags ?? []).map((tag) => [tag.id, tag]))
  const names: string[] = []
  for (const link of bySortOrder(data.posts_tags, postId)) {
    const tag = tags.get(link.tag_id)
    if (tag && !tag.name.startsWith('#') && tag.visibility !== 'internal') names.push(tag.name)
  }
  return names
}

function authorName(data: GhostData, post: GhostPost): string | null {
  const authorId = bySortOrder(data.posts_authors, post.id)[0]?.author_id ?? post.author_id
  return data.users?.find((user) => user.id === authorId)?.name ?? null
}

function statusOf(post: GhostPost, warnings: string[]): ImportedStatus {
  if (post.status === 'published' || post.status === 'scheduled') return post.status
  if (post.status === 'sent') warnings.push('Sent as an email only in Ghost: imported as a draft')
  return 'draft'
}

function slugOf(post: GhostPost, title: string): string {
  const slug = post.slug ?? ''
  if (SLUG_PATTERN.test(slug) && slug.length <= SLUG_MAX) return slug
  return toSlug(title) || `post-${post.id}`
}

function isoOrNull(date: string | null | undefined): string | null {
  if (!date) return null
  const time = new Date(date)
  return Number.isNaN(time.getTime()) ? null : time.toISOString()
}

/** The body from html when Ghost rendered it, else from the editor's own document. */
function contentOf(post: GhostPost, siteUrl: string | null): { markdown: string; images: ImageCollector } {
  const images = new ImageCollector(siteUrl)
  let markdown = ''
  if (post.html) {
    const converted = ghostHtmlToMarkdown(post.html, siteUrl)
    for (const image of converted.images) images.add(image)
    for (const warning of converted.warnings) images.warn(warning)
    markdown = converted.markdown
  } else if (post.lexical) {
    markdown = lexicalToMarkdown(post.lexical, images, siteUrl)
  } else if (post.mobiledoc) {
    markdown = mobiledocToMarkdown(post.mobiledoc, images, siteUrl)
  }
  return { markdown, images }
}

function featuredImageOf(data: GhostData, post: GhostPost, siteUrl: string | null) {
  const raw = post.feature_image ? replaceGhostUrl(post.feature_image, siteUrl) : ''
  const absolute = /^https?:\/\//i.test(raw) ? raw : null
  const meta = data.posts_meta?.find((row) => row.post_id === post.id)
  const alt = meta?.feature_image_alt ?? post.feature_image_alt ?? null
  return { featuredImage: absolute, featuredImageAlt: absolute ? alt || null : null, path: absolute ? null : raw }
}

function toPost(data: GhostData, post: GhostPost, siteUrl: string | null): ImportedPost {
  const warnings: string[] = []
  const title = (post.title ?? '').trim() || 'Untitled'
  if (!post.title?.trim()) warnings.push('No title: imported as "Untitled"')
  const status = statusOf(post, warnings)
  const { markdown, images } = contentOf(post, siteUrl)
  warnings.push(...images.warnings)
  if (markdown.trim() === '') warnings.push('No text')
  const feature = featuredImageOf(data, post, siteUrl)
  if (feature.path) warnings.push(`Image with no site address: ${feature.path}`)
  const [category = null, ...tags] = publicTags(data, post.id)
  const slug = slugOf(post, title)
  return {
    sourceId: post.id,
    title,
    slug,
    oldPaths: [`/${slug}/`],
    content: markdown.trim() === '' ? NO_TEXT : markdown,
    excerpt: post.custom_excerpt?.trim() || null,
    category,
    tags,
    author: authorName(data, post),
    status,
    publishedAt: isoOrNull(post.published_at),
    featuredImage: feature.featuredImage,
    featuredImageAlt: feature.featuredImageAlt,
    images: images.images,
    warnings,
  }
}

/** A Ghost JSON export; `siteUrl` (the old site's address, when the person gives it) resolves __GHOST_URL__. */
export function parseGhost(json: string, siteUrl: string | null = null): ParsedImport {
  const { data } = readExport(json)
  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  for (const post of data.posts) {
    if (post.type === 'page') {
      skipped.push({
        sourceId: post.id,
        title: post.title ?? '',
        reason: 'A page, not a post: pages are not imported',
      })
    } else {
      posts.push(toPost(data, post, siteUrl))
    }
  }
  return { format: 'ghost', siteUrl, posts, skipped }
}
