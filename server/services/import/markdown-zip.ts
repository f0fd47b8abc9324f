import { posix } from 'node:path'
import { strFromU8, type UnzipFileInfo, unzipSync } from 'fflate'
import matter from 'gray-matter'
import { SLUG_MAX } from '#common/limits.ts'
import { toSlug } from '#common/text-rules.ts'
import {
  IMPORT_POSTS_MAX,
  type ImportedPost,
  type ImportedStatus,
  ImportFormatError,
  type ParsedImport,
  type SkippedItem,
} from '#server/services/import/types.ts'

/**
 * Issue 31: a zip of Markdown files with front matter, as Jekyll, Hugo, Astro and Eleventy keep
 * them. Pure: the zip's bytes in, the posts out, with the zip's own images handed back as files
 * (their `zip:` URLs in the posts) for the import to store.
 */

export type ParsedMarkdownZip = ParsedImport & {
  /** The image files the posts reference, by their normalised path in the zip (the part after 'zip:'). */
  files: Map<string, Uint8Array>
}

/** The uncompressed size the zip's headers claim, summed, may not pass this (a zip bomb is refused before inflating). */
export const MARKDOWN_ZIP_BYTES_MAX = 200 * 1024 * 1024

const NOT_A_ZIP = 'This file is not a zip of Markdown files'
const SLUG_PATTERN = /^[a-z0-9_]+(?:-+[a-z0-9_]+)*$/
const MARKDOWN_FILE = /\.(?:md|markdown)$/i
const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i
/** Jekyll's _posts file names: 2019-05-01-my-post.md. */
const JEKYLL_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/
/** Where static site generators keep files served from the site root ('/images/a.png'). */
const ROOT_FOLDERS = ['', 'static/', 'public/', 'assets/', 'src/assets/']

type FrontMatter = Record<string, unknown>

/** __MACOSX/ copies and dot files (.DS_Store, .git/…) are not the site's content. */
function isIgnored(path: string): boolean {
  return path.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'))
}

/** Only Markdown and images are inflated; the claimed sizes are summed first so a bomb never is. */
function unzipEntries(zip: Uint8Array): Record<string, Uint8Array> {
  let bytes = 0
  let markdownFiles = 0
  const filter = (file: UnzipFileInfo): boolean => {
    if (isIgnored(file.name) || !(MARKDOWN_FILE.test(file.name) || IMAGE_FILE.test(file.name))) return false
    bytes += file.originalSize
    if (MARKDOWN_FILE.test(file.name)) markdownFiles++
    if (bytes > MARKDOWN_ZIP_BYTES_MAX) throw new ImportFormatError('This zip is larger than 200 MB uncompressed')
    if (markdownFiles > IMPORT_POSTS_MAX) {
      throw new ImportFormatError(`This zip has more than ${IMPORT_POSTS_MAX} Markdown files; split it to import it`)
    }
    return true
  }
  try {
    return unzipSync(zip, { filter })
  } catch (error) {
    if (error instanceof ImportFormatError) throw error
    throw new ImportFormatError(NOT_A_ZIP)
  }
}

// --- front matter values ---------------------------------------------------------------------

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null
  if (typeof value === 'number') return String(value)
  return null
}

/** A list from an array or a comma-separated string ('a, b'). */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  return items.map(text).filter((item): item is string => item !== null)
}

function first(fm: FrontMatter, keys: string[]): unknown {
  for (const key of keys) if (fm[key] !== undefined && fm[key] !== null && fm[key] !== '') return fm[key]
  return undefined
}

function dateOf(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

function authorOf(value: unknown): string | null {
  const one = Array.isArray(value) ? value[0] : value
  if (one && typeof one === 'object' && 'name' in one) return text(one.name)
  return text(one)
}

// --- paths -----------------------------------------------------------------------------------

/** The file's own name for its post: without extension and Jekyll date; a bundle's index.md is named by its folder. */
function fileStem(path: string): { stem: string; jekyllDate: string[] | null } {
  let stem = posix.basename(path).replace(MARKDOWN_FILE, '')
  if (stem === 'index' || stem === '_index') stem = posix.basename(posix.dirname(path))
  const jekyll = JEKYLL_NAME.exec(stem)
  return jekyll ? { stem: jekyll[4]!, jekyllDate: jekyll.slice(1, 4) } : { stem, jekyllDate: null }
}

function validSlug(candidate: string | null): string | null {
  if (!candidate) return null
  if (SLUG_PATTERN.test(candidate) && candidate.length <= SLUG_MAX) return candidate
  return toSlug(candidate) || null
}

/** A site path as the type wants it: leading slash, decoded. */
function sitePath(value: string): string {
  const path = value.replace(/^https?:\/\/[^/]+/i, '')
  let decoded = path
  try {
    decoded = decodeURI(path)
  } catch {
    // A malformed %xx stays as written.
  }
  return decoded.startsWith('/') ? decoded : `/${decoded}`
}

function oldPathsOf(entry: string, fm: FrontMatter, slug: string, jekyllDate: string[] | null): string[] {
  const url = text(fm.url)
  let main: string
  if (url) main = sitePath(url)
  else if (jekyllDate) main = `/${jekyllDate.join('/')}/${slug}.html`
  else if (entry.split('/').slice(0, -1).includes('posts')) main = `/posts/${slug}/`
  else main = `/${slug}/`
  const redirects = [...list(fm.aliases), ...list(fm.redirect_from)].map(sitePath)
  return [...new Set([main, ...redirects])]
}

// --- images ----------------------------------------------------------------------------------

interface ImageContext {
  entry: string
  entries: Record<string, Uint8Array>
  files: Map<string, Uint8Array>
  siteUrl: string | null
  images: string[]
  warnings: string[]
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** The zip entry an image reference points at: relative to the Markdown file, or from the site root. */
function zipEntryFor(src: string, ctx: ImageContext): string | null {
  const path = decodePath(src.split(/[?#]/)[0]!)
  const candidates = path.startsWith('/')
    ? ROOT_FOLDERS.map((folder) => posix.normalize(`${folder}${path.slice(1)}`))
    : [posix.normalize(posix.join(posix.dirname(ctx.entry), path))]
  return candidates.find((candidate) => ctx.entries[candidate] !== undefined) ?? null
}

/** The URL the post keeps for an image: absolute as it is, 'zip:path' for one in the zip, else unchanged. */
function resolveImage(src: string, ctx: ImageContext): string {
  if (/^https?:\/\//i.test(src)) return src
  if (/^(?:data|javascript|mailto):/i.test(src) || src.startsWith('//')) return src
  const entry = zipEntryFor(src, ctx)
  if (entry) {
    ctx.files.set(entry, ctx.entries[entry]!)
    return `zip:${entry}`
  }
  if (src.startsWith('/') && ctx.siteUrl) return `${ctx.siteUrl.replace(/\/+$/, '')}${src}`
  const warning = src.startsWith('/') ? `Image with no site address: ${src}` : `Image not in the zip: ${src}`
  if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning)
  return src
}

function noteImage(url: string, ctx: ImageContext): void {
  if (/^(?:https?:|zip:)/i.test(url) && !ctx.images.includes(url)) ctx.images.push(url)
}

/** Markdown images and HTML <img> in the body, each resolved; the body is rewritten to the resolved URLs. */
function resolveBodyImages(body: string, ctx: ImageContext): string {
  const markdownImage = /(!\[[^\]]*\]\()(<[^>]+>|[^)\s]+)((?:\s+(?:"[^"]*"|'[^']*'))?\))/g
  const htmlImage = /(<img\b[^>]*?\bsrc=["'])([^"']+)(["'])/gi
  const replace = (_all: string, before: string, src: string, after: string) => {
    const bare = src.replace(/^<|>$/g, '')
    const resolved = resolveImage(bare, ctx)
    noteImage(resolved, ctx)
    if (resolved === bare) return `${before}${src}${after}`
    // A path with spaces stays one Markdown destination only inside <…>.
    return `${before}${/\s/.test(resolved) && before.startsWith('!') ? `<${resolved}>` : resolved}${after}`
  }
  return body.replace(markdownImage, replace).replace(htmlImage, replace)
}

function featuredImageOf(fm: FrontMatter, ctx: ImageContext): { url: string | null; alt: string | null } {
  const value = first(fm, ['image', 'cover', 'cover_image', 'heroImage', 'featured_image'])
  const object = value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  const src = object ? text(object.src ?? object.image ?? object.url) : text(value)
  const alt = text(first(fm, ['image_alt', 'imageAlt', 'cover_alt'])) ?? (object ? text(object.alt) : null)
  if (!src) return { url: null, alt: null }
  const url = resolveImage(src, ctx)
  return /^(?:https?:|zip:)/i.test(url) ? { url, alt } : { url: null, alt: null }
}

// --- one file --------------------------------------------------------------------------------

function statusOf(fm: FrontMatter, date: Date | null, now: number): ImportedStatus {
  if (fm.draft === true || fm.published === false) return 'draft'
  return date && date.getTime() > now ? 'scheduled' : 'published'
}

/** The title from front matter, else the body's leading '# heading' (taken out of the body). */
function titleOf(fm: FrontMatter, body: string): { title: string | null; body: string } {
  const title = text(fm.title)
  if (title) return { title, body }
  const heading = /^\s*#\s+(.+)\n?/.exec(body)
  return heading ? { title: heading[1]!.trim(), body: body.slice(heading[0].length) } : { title: null, body }
}

/** Jekyll's own fallback: 'my-first-post' → 'My first post'. */
function titleFromFileName(stem: string): string | null {
  const words = stem.replace(/[-_]+/g, ' ').trim()
  return words === '' ? null : words[0]!.toUpperCase() + words.slice(1)
}

function categoriesAndTags(fm: FrontMatter): { category: string | null; tags: string[] } {
  const [category = null, ...rest] = [...list(fm.categories), ...list(fm.category)]
  const tags = [...new Set([...rest, ...list(fm.tags)])].filter((tag) => tag !== category)
  return { category, tags }
}

function toPost(entry: string, fm: FrontMatter, content: string, ctx: ImageContext, now: number): ImportedPost {
  const { stem, jekyllDate } = fileStem(entry)
  const { title: found, body } = titleOf(fm, content.replace(/\r\n?/g, '\n'))
  const fromName = titleFromFileName(stem)
  const title = found ?? fromName ?? 'Untitled'
  if (!found) ctx.warnings.push(fromName ? 'No title: named after the file' : 'No title: imported as "Untitled"')
  const url = text(fm.url)
  const slug =
    validSlug(text(fm.slug)) ??
    validSlug(url ? (url.split('/').filter(Boolean).pop() ?? null) : null) ??
    validSlug(stem) ??
    validSlug(title) ??
    `post-${toSlug(entry) || 'imported'}`
  const date = dateOf(first(fm, ['date', 'pubDate', 'publishDate'])) ?? dateOf(jekyllDate && `${jekyllDate.join('-')}`)
  const status = statusOf(fm, date, now)
  const markdown = resolveBodyImages(body, ctx).trim()
  if (markdown === '') ctx.warnings.push('No text')
  const featured = featuredImageOf(fm, ctx)
  return {
    sourceId: entry,
    title,
    slug,
    oldPaths: oldPathsOf(entry, fm, slug, jekyllDate),
    content: markdown,
    excerpt: text(first(fm, ['description', 'excerpt', 'summary'])),
    ...categoriesAndTags(fm),
    author: authorOf(fm.author ?? fm.authors),
    status,
    publishedAt: status === 'draft' || !date ? null : date.toISOString(),
    featuredImage: featured.url,
    featuredImageAlt: featured.url ? featured.alt : null,
    // Only the body's images: the featured image is its own field (resolveImage does not list it).
    images: ctx.images,
    warnings: ctx.warnings,
  }
}

/** gray-matter, without its cache (keyed by content, it would hand one file's parse to an identical one). */
function frontMatter(source: string): { data: FrontMatter; content: string } {
  const parsed = matter(source, {})
  // YAML that is a lone string or list is valid but says nothing we read.
  const data = parsed.data && typeof parsed.data === 'object' && !Array.isArray(parsed.data) ? parsed.data : {}
  return { data: data as FrontMatter, content: parsed.content }
}

/** A zip of Markdown files; `siteUrl` (the old site's address, when known) makes root image paths absolute. */
export function parseMarkdownZip(zip: Uint8Array, siteUrl: string | null = null): ParsedMarkdownZip {
  const entries = unzipEntries(zip)
  const markdownEntries = Object.keys(entries)
    .filter((path) => MARKDOWN_FILE.test(path))
    .sort()
  if (markdownEntries.length === 0) throw new ImportFormatError(`${NOT_A_ZIP}: it has no .md or .markdown file`)
  const files = new Map<string, Uint8Array>()
  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  const now = Date.now()
  for (const entry of markdownEntries) {
    if (posix.basename(entry) === '_index.md') {
      skipped.push({ sourceId: entry, title: entry, reason: 'A Hugo section page (_index.md), not a post' })
      continue
    }
    let parsed: { data: FrontMatter; content: string }
    try {
      parsed = frontMatter(strFromU8(entries[entry]!))
    } catch (error) {
      // js-yaml's first line says what and where; the rest is a code excerpt.
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/:$/, '')
      skipped.push({
        sourceId: entry,
        title: posix.basename(entry),
        reason: `Front matter is not valid YAML: ${message}`,
      })
      continue
    }
    const ctx: ImageContext = { entry, entries, files, siteUrl, images: [], warnings: [] }
    posts.push(toPost(entry, parsed.data, parsed.content, ctx, now))
  }
  return { format: 'markdown', siteUrl, posts, skipped, files }
}
