import { XMLParser } from 'fast-xml-parser'
import { SLUG_PATTERN } from '#common/contract/posts.ts'
import { SLUG_MAX } from '#common/limits.ts'
import { toSlug } from '#common/text-rules.ts'
import { htmlToImportMarkdown } from './html.ts'
import {
  IMPORT_POSTS_MAX,
  type ImportedPost,
  type ImportedStatus,
  ImportFormatError,
  type ParsedImport,
  type SkippedItem,
} from './types.ts'

/**
 * Issue 31: a WordPress export (Tools → Export, WXR 1.0–1.2) read into ParsedImport. Pure: no
 * fetching, no writing; the import service decides what becomes of each post.
 */

/** What fast-xml-parser gives for an element: text, or an object of children and '@_' attributes. */
type XmlValue = string | XmlNode | XmlValue[] | undefined
interface XmlNode {
  [key: string]: XmlValue
}

interface Attachment {
  url: string
  alt: string | null
}

const NOT_WXR = 'This file is not a WordPress export (WXR)'
const NO_TEXT = '*(This post had no text in WordPress.)*'
const NEVER = '0000-00-00 00:00:00'
// Elements that repeat: without this, a file with one item would give an object, not a list.
const REPEATED = new Set(['item', 'category', 'wp:postmeta', 'wp:author'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
})

/** The text of an element ('' when absent); CDATA is merged into the text by the parser. */
function text(value: XmlValue): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return text(value[0])
  if (value && typeof value === 'object') return text(value['#text'])
  return ''
}

function nodes(value: XmlValue): XmlNode[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.filter((item): item is XmlNode => typeof item === 'object' && item !== null && !Array.isArray(item))
}

function readChannel(xml: string): XmlNode {
  let document: XmlNode
  try {
    document = parser.parse(xml, true) as XmlNode
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new ImportFormatError(`${NOT_WXR}: it is not valid XML (${detail}).`)
  }
  const channel = nodes(nodes(document.rss)[0]?.channel)[0]
  if (!channel) throw new ImportFormatError(`${NOT_WXR}: it has no <rss><channel>.`)
  if (text(channel['wp:wxr_version']).trim() === '') {
    throw new ImportFormatError(`${NOT_WXR}: it is an RSS feed without a wp:wxr_version.`)
  }
  return channel
}

function metaValue(item: XmlNode, key: string): string | null {
  const meta = nodes(item['wp:postmeta']).find((entry) => text(entry['wp:meta_key']) === key)
  return meta ? text(meta['wp:meta_value']) : null
}

function attachmentsOf(items: XmlNode[]): Map<string, Attachment> {
  const attachments = new Map<string, Attachment>()
  for (const item of items) {
    if (text(item['wp:post_type']) !== 'attachment') continue
    const url = text(item['wp:attachment_url']).trim()
    const alt = metaValue(item, '_wp_attachment_image_alt')?.trim() || null
    if (url !== '') attachments.set(text(item['wp:post_id']).trim(), { url, alt })
  }
  return attachments
}

function authorsOf(channel: XmlNode): Map<string, string> {
  const authors = new Map<string, string>()
  for (const author of nodes(channel['wp:author'])) {
    const login = text(author['wp:author_login']).trim()
    const name = text(author['wp:author_display_name']).trim()
    if (login !== '' && name !== '') authors.set(login, name)
  }
  return authors
}

/** Why an item is not a post to import, or null when it is one. */
function skipReason(type: string, status: string): string | null {
  if (type === 'page') return 'A page, not a post: pages are not imported'
  if (type !== 'post') return `A '${type}', not a post`
  if (status === 'trash') return 'In the trash'
  if (status === 'auto-draft') return 'An auto-draft WordPress saved on its own, never written'
  if (!['publish', 'future', 'draft', 'pending', 'private'].includes(status))
    return `Status '${status}' is not imported`
  return null
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function slugOf(postName: string, title: string, sourceId: string): string {
  const decoded = decodeSafely(postName.trim())
  if (SLUG_PATTERN.test(decoded) && decoded.length <= SLUG_MAX) return decoded
  return toSlug(decoded.replace(/-+/g, ' ')) || toSlug(title) || `post-${sourceId}`
}

/** The item's <link> as a decoded path + query relative to the site, then '/?p=<id>'. */
function oldPathsOf(link: string, siteUrl: string | null, sourceId: string): string[] {
  const paths: string[] = []
  try {
    const url = new URL(link.trim(), siteUrl ? `${siteUrl}/` : undefined)
    const sitePath = siteUrl ? new URL(`${siteUrl}/`).pathname.replace(/\/$/, '') : ''
    const pathname = url.pathname.startsWith(`${sitePath}/`) ? url.pathname.slice(sitePath.length) : url.pathname
    const decoded = pathname.split('/').map(decodeSafely).join('/')
    paths.push(decoded + (url.search ? `?${decodeSafely(url.search.slice(1))}` : ''))
  } catch {
    // No usable link: '/?p=<id>' below still reaches the post on WordPress.
  }
  const byId = `/?p=${sourceId}`
  if (!paths.includes(byId)) paths.push(byId)
  return paths.filter((path) => path !== '/')
}

const STATUS: Record<string, ImportedStatus> = { publish: 'published', future: 'scheduled' }
const DRAFT_WARNING: Record<string, string> = {
  private: 'Private in WordPress: imported as a draft',
  pending: 'Pending review in WordPress: imported as a draft',
}

/** '2019-05-01 10:00:00' (UTC) → ISO; null when WordPress never set it. */
function isoDate(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value.trim())
  if (!match || value.trim() === NEVER) return null
  const date = new Date(`${match[1]}T${match[2]}Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** GMT date when set; else the local date (no zone in the file: read as UTC), except for never-published drafts. */
function publishedAtOf(item: XmlNode, status: ImportedStatus): string | null {
  const gmt = isoDate(text(item['wp:post_date_gmt']))
  if (gmt || status === 'draft') return gmt
  return isoDate(text(item['wp:post_date']))
}

/** First real category → category; the other categories, then the tags → tags. */
function taxonomiesOf(item: XmlNode): { category: string | null; tags: string[] } {
  const terms = nodes(item.category).map((term) => ({
    domain: text(term['@_domain']),
    nicename: text(term['@_nicename']),
    name: text(term).trim(),
  }))
  const categories = terms.filter(
    (term) => term.domain === 'category' && term.name !== '' && term.nicename !== 'uncategorized',
  )
  const category = categories[0]?.name ?? null
  const tags: string[] = []
  const seen = new Set(category ? [category.toLowerCase()] : [])
  const candidates = [...categories.slice(1), ...terms.filter((term) => term.domain === 'post_tag')]
  for (const { name } of candidates) {
    if (name === '' || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    tags.push(name)
  }
  return { category, tags }
}

interface Context {
  siteUrl: string | null
  attachments: Map<string, Attachment>
  authors: Map<string, string>
}

function featuredImageOf(item: XmlNode, context: Context, warnings: string[]) {
  const id = metaValue(item, '_thumbnail_id')?.trim()
  if (!id) return { featuredImage: null, featuredImageAlt: null }
  const attachment = context.attachments.get(id)
  if (!attachment) {
    warnings.push(`The featured image (attachment ${id}) is not in the export`)
    return { featuredImage: null, featuredImageAlt: null }
  }
  return { featuredImage: attachment.url, featuredImageAlt: attachment.alt }
}

function toPost(item: XmlNode, wpStatus: string, context: Context): ImportedPost {
  const sourceId = text(item['wp:post_id']).trim()
  const warnings: string[] = []
  let title = text(item.title).trim()
  if (title === '') {
    title = 'Untitled'
    warnings.push("No title: imported as 'Untitled'")
  }
  const status = STATUS[wpStatus] ?? 'draft'
  const draftWarning = DRAFT_WARNING[wpStatus]
  if (draftWarning) warnings.push(draftWarning)
  const urls = new Map([...context.attachments].map(([id, { url }]) => [id, url]))
  const converted = htmlToImportMarkdown(text(item['content:encoded']), context.siteUrl, urls)
  let content = converted.markdown
  if (content === '') {
    content = NO_TEXT
    warnings.push('No text')
  }
  const featured = featuredImageOf(item, context, warnings)
  const login = text(item['dc:creator']).trim()
  return {
    sourceId,
    title,
    slug: slugOf(text(item['wp:post_name']), title === 'Untitled' ? '' : title, sourceId),
    oldPaths: oldPathsOf(text(item.link), context.siteUrl, sourceId),
    content,
    excerpt: text(item['excerpt:encoded']).trim() || null,
    ...taxonomiesOf(item),
    author: login === '' ? null : (context.authors.get(login) ?? login),
    status,
    publishedAt: publishedAtOf(item, status),
    ...featured,
    images: converted.images.filter((url) => url !== featured.featuredImage),
    warnings: [...warnings, ...converted.warnings],
  }
}

/** Reads a WXR file; throws ImportFormatError when it is not one or holds too many posts. */
export function parseWordPress(xml: string): ParsedImport {
  const channel = readChannel(xml)
  const siteUrl = (text(channel.link).trim() || text(channel['wp:base_site_url']).trim()).replace(/\/+$/, '') || null
  const items = nodes(channel.item)
  const postCount = items.filter((item) => text(item['wp:post_type']) === 'post').length
  if (postCount > IMPORT_POSTS_MAX) {
    throw new ImportFormatError(
      `The export holds ${postCount} posts; at most ${IMPORT_POSTS_MAX} can be imported at once.`,
    )
  }
  const context: Context = { siteUrl, attachments: attachmentsOf(items), authors: authorsOf(channel) }
  const posts: ImportedPost[] = []
  const skipped: SkippedItem[] = []
  for (const item of items) {
    const type = text(item['wp:post_type']).trim()
    const status = text(item['wp:status']).trim()
    if (type === 'attachment') continue
    const reason = skipReason(type, status)
    if (reason) skipped.push({ sourceId: text(item['wp:post_id']).trim(), title: text(item.title).trim(), reason })
    else posts.push(toPost(item, status, context))
  }
  return { format: 'wordpress', siteUrl, posts, skipped }
}
