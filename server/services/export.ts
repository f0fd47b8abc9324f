import { asc, eq, inArray } from 'drizzle-orm'
import { strFromU8, strToU8, type UnzipFileInfo, unzipSync, type Zippable, zipSync } from 'fflate'
import matter from 'gray-matter'
import {
  type ExportPost,
  type ExportRedirect,
  type ExportRevision,
  type ExportSocialPost,
  SITE_EXPORT_FORMAT,
  SITE_EXPORT_VERSION,
  SiteExportFile,
} from '#common/contract/site-export.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, postAuthors, postRevisions, redirects, storedImages, users, xPosts } from '#server/db/schema.ts'

// Issue 31, "Export everything": one zip a team can leave with (posts.json for a lossless import
// back here, a Markdown file per post for any other tool, and the bytes of every image the posts
// use). Contact submissions and subscribers stay out: personal data leaves only through its own
// screens, with their own consent rules.

/**
 * A stored image's site address; the hash is the row's key, the extension only its name. Looked for
 * anywhere in the text, not only in Markdown images: HTML <img>, links to the file and absolute
 * addresses of this site point at stored images too.
 */
const IMAGE_PATHS = /\/images\/([0-9a-f]{64})\.(jpg|png|webp|gif|avif)\b/g

const IMAGES_PER_QUERY = 100

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)
const isoOf = (date: Date): string => date.toISOString()

export interface SiteExportCounts {
  posts: number
  images: number
  redirects: number
  revisions: number
}

export interface BuiltSiteExport {
  zip: Uint8Array<ArrayBuffer>
  counts: SiteExportCounts
}

/** The zip of the whole site's content; see buildSiteExportWithCounts for what the CLI prints. */
export async function buildSiteExport(
  db: Db,
  options: { includeRevisions: boolean; publicUrl?: string },
): Promise<Uint8Array<ArrayBuffer>> {
  return (await buildSiteExportWithCounts(db, options)).zip
}

export async function buildSiteExportWithCounts(
  db: Db,
  { includeRevisions, publicUrl = '' }: { includeRevisions: boolean; publicUrl?: string },
): Promise<BuiltSiteExport> {
  const postRows = await db.select().from(blogPosts).orderBy(asc(blogPosts.id))
  // Every post goes out, so their authors, social posts and revisions are whole tables: no list of
  // ids (which PostgreSQL would cap at 65,535 parameters on a large site).
  const authorRows = await db
    .select({ postId: postAuthors.postId, username: users.username, name: users.name })
    .from(postAuthors)
    .innerJoin(users, eq(users.id, postAuthors.userId))
    .orderBy(asc(postAuthors.postId), asc(postAuthors.position), asc(users.id))
  const socialRows = await db.select().from(xPosts).orderBy(asc(xPosts.id))
  const revisionRows = includeRevisions
    ? await db.select().from(postRevisions).orderBy(asc(postRevisions.postId), asc(postRevisions.id))
    : []
  const redirectRows = await db.select().from(redirects).orderBy(asc(redirects.id))

  const authorsOf = groupBy(authorRows, (r) => r.postId)
  const socialOf = groupBy(socialRows, (r) => r.blogPostId)
  const revisionsOf = groupBy(revisionRows, (r) => r.postId)

  const posts: ExportPost[] = postRows.map((p) => {
    const post: ExportPost = {
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      content: p.content,
      featuredImage: p.featuredImage,
      images: p.images,
      imageAlts: p.imageAlts,
      category: p.category,
      tags: p.tags,
      author: p.author,
      isPublished: p.isPublished,
      publishedAt: iso(p.publishedAt),
      updatedAt: isoOf(p.updatedAt),
      scheduledAt: iso(p.scheduledAt),
      unpublishAt: iso(p.unpublishAt),
      aiGenerated: p.aiGenerated,
      sourceUrl: p.sourceUrl,
      sourceTitle: p.sourceTitle,
      focusKeyword: p.focusKeyword,
      viewCount: p.viewCount,
      reviewState: p.reviewState,
      reviewNote: p.reviewNote,
      authors: (authorsOf.get(p.id) ?? []).map((a) => ({ username: a.username, name: a.name })),
      // What the social post said and how it did; the claim columns (postingAt), the error and the
      // networks' ids of posted parts are this site's bookkeeping, not the post's content.
      socialPosts: (socialOf.get(p.id) ?? []).map(
        (s): ExportSocialPost => ({
          channel: s.channel,
          status: s.status,
          originalContent: s.originalContent,
          rewrittenContent: s.rewrittenContent,
          shortUrl: s.shortUrl,
          shortCode: s.shortCode,
          clickCount: s.clickCount,
          uniqueClickCount: s.uniqueClickCount,
          botClickCount: s.botClickCount,
          publishedAt: isoOf(s.publishedAt),
          scheduledAt: iso(s.scheduledAt),
          postedAt: iso(s.postedAt),
          tweetUrl: s.tweetUrl,
          remoteUrl: s.remoteUrl,
          asThread: s.asThread,
          linkInReply: s.linkInReply,
          linkAt: s.linkAt,
        }),
      ),
    }
    if (includeRevisions) {
      post.revisions = (revisionsOf.get(p.id) ?? []).map(
        (r): ExportRevision => ({ reason: r.reason, createdAt: isoOf(r.createdAt), fields: r.fields }),
      )
    }
    return post
  })

  const redirectList: ExportRedirect[] = redirectRows.map((r) => ({
    from: r.fromPath,
    to: r.toPath,
    origin: r.origin,
    hits: r.hits,
    lastHitAt: iso(r.lastHitAt),
  }))

  // Every image address the posts use, by its file name in the zip (the hash picks the row). With
  // revisions, also those only an older version shows: restoring it must find its pictures.
  const imagePaths = new Map<string, string>()
  const addImages = (text: string) => {
    for (const match of text.matchAll(IMAGE_PATHS)) imagePaths.set(`${match[1]}.${match[2]}`, match[1] as string)
  }
  for (const post of posts) {
    addImages([post.featuredImage ?? '', ...post.images, post.content].join('\n'))
    for (const revision of post.revisions ?? []) addImages(JSON.stringify(revision.fields))
  }
  const hashes = [...new Set(imagePaths.values())]
  const bytesOf = new Map<string, Uint8Array>()
  // In slices: a bounded parameter list, and one slice of image bytes in flight from the database at a time.
  for (let i = 0; i < hashes.length; i += IMAGES_PER_QUERY) {
    const rows = await db
      .select({ hash: storedImages.hash, bytes: storedImages.bytes })
      .from(storedImages)
      .where(inArray(storedImages.hash, hashes.slice(i, i + IMAGES_PER_QUERY)))
    for (const row of rows) bytesOf.set(row.hash, toBytes(row.bytes))
  }

  const file: SiteExportFile = {
    format: SITE_EXPORT_FORMAT,
    version: SITE_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    site: { publicUrl },
    posts,
    redirects: redirectList,
  }
  const entries: Zippable = { 'posts.json': strToU8(`${JSON.stringify(file, null, 2)}\n`) }
  const usedNames = new Set<string>()
  for (const post of posts) {
    entries[`posts/${markdownName(post.slug, usedNames)}`] = strToU8(postMarkdown(post))
  }
  let imageCount = 0
  for (const [name, hash] of imagePaths) {
    const bytes = bytesOf.get(hash)
    // An address whose row is gone (deleted by hand) stays in the text; there are no bytes to add.
    if (!bytes) continue
    // Images are compressed already: stored, not deflated again.
    entries[`images/${name}`] = [bytes, { level: 0 }]
    imageCount += 1
  }
  return {
    // fflate writes the zip into a fresh ArrayBuffer of its own (never a shared one).
    zip: zipSync(entries) as Uint8Array<ArrayBuffer>,
    counts: {
      posts: posts.length,
      images: imageCount,
      redirects: redirectList.length,
      revisions: revisionRows.length,
    },
  }
}

/** `<slug>.md`; a slug is URL-safe already, but a file name must never climb out of posts/. */
function markdownName(slug: string, used: Set<string>): string {
  const base = slug.replace(/[^\w.-]+/g, '-').replace(/^\.+/, '') || 'post'
  let name = `${base}.md`
  for (let n = 2; used.has(name); n++) name = `${base}-${n}.md`
  used.add(name)
  return name
}

/** The post as Hugo/Jekyll-style Markdown: YAML front matter (empty fields left out), then the body. */
export function postMarkdown(post: ExportPost): string {
  const data: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    date: post.publishedAt,
    draft: !post.isPublished,
    tags: post.tags,
    categories: post.category ? [post.category] : [],
    description: post.excerpt,
    image: post.featuredImage,
    author: post.author,
  }
  // js-yaml refuses undefined and writes null as `null`; an absent key says "none" to every reader.
  for (const key of Object.keys(data)) if (data[key] === null || data[key] === undefined) delete data[key]
  const content = post.content.endsWith('\n') ? post.content : `${post.content}\n`
  return matter.stringify(content, data)
}

/** A zip that is not this site's export, or whose posts.json does not read. */
export class SiteExportError extends Error {
  constructor(reason: string) {
    super(`This zip is not an export of this site: ${reason}`)
    this.name = 'SiteExportError'
  }
}

export interface SiteExport {
  exportedAt: string
  site: { publicUrl: string }
  posts: ExportPost[]
  redirects: ExportRedirect[]
  /** Each post's revisions by slug; empty when the export was made without them. */
  revisions: Map<string, ExportRevision[]>
  /** Image bytes by their site address, `/images/<hash>.<ext>`. */
  images: Map<string, Uint8Array>
}

/** Reads an export zip back, for the import that restores it here. */
export function parseSiteExport(zip: Uint8Array): SiteExport {
  let entries: Record<string, Uint8Array>
  try {
    // Only posts.json and images/: a Markdown file is for other tools; posts.json is the truth.
    entries = unzipSync(zip, {
      filter: (file: UnzipFileInfo) => file.name === 'posts.json' || /^images\/[^/]+$/.test(file.name),
    })
  } catch (error) {
    throw new SiteExportError(`it could not be read as a zip (${error instanceof Error ? error.message : error})`)
  }
  const json = entries['posts.json']
  if (!json) throw new SiteExportError('it has no posts.json')
  let raw: unknown
  try {
    raw = JSON.parse(strFromU8(json))
  } catch {
    throw new SiteExportError('posts.json is not valid JSON')
  }
  const parsed = SiteExportFile.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'posts.json'
    throw new SiteExportError(`${where}: ${issue?.message ?? 'does not match'}`)
  }
  const images = new Map<string, Uint8Array>()
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.startsWith('images/')) images.set(`/${name}`, bytes)
  }
  const revisions = new Map<string, ExportRevision[]>()
  for (const post of parsed.data.posts) if (post.revisions) revisions.set(post.slug, post.revisions)
  return {
    exportedAt: parsed.data.exportedAt,
    site: parsed.data.site,
    posts: parsed.data.posts,
    redirects: parsed.data.redirects,
    revisions,
    images,
  }
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = groups.get(k)
    if (list) list.push(row)
    else groups.set(k, [row])
  }
  return groups
}

// pg gives a Buffer, PGlite a Uint8Array; fflate wants a plain Uint8Array view of the bytes.
function toBytes(value: Uint8Array): Uint8Array {
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
}
