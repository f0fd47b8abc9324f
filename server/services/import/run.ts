import { and, eq, inArray } from 'drizzle-orm'
import {
  IMPORT_FILE_MAX,
  IMPORT_FILE_MAX_LABEL,
  type ImportFormatName,
  type ImportItem,
  type ImportReport,
  type ImportResult,
  type ImportState,
} from '#common/contract/import.ts'
import { PostInput } from '#common/contract/posts.ts'
import type { ExportPost, ExportRevision } from '#common/contract/site-export.ts'
import { AUTHOR_MAX, CATEGORY_MAX, EXCERPT_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, importedPosts, importRuns } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import type { SafeFetchOptions } from '#server/services/ai/safe-fetch.ts'
import { contentChanged } from '#server/services/content-events.ts'
import { ConflictError, InvalidInputError, NotFoundError, PayloadTooLargeError } from '#server/services/errors.ts'
import { type SiteExport, SiteExportError } from '#server/services/export.ts'
import { storeImage } from '#server/services/images.ts'
import { parseGhost } from '#server/services/import/ghost.ts'
import { parseMarkdownZip } from '#server/services/import/markdown-zip.ts'
import {
  readOwnExport,
  restoreExportedState,
  restoreRedirects,
  storeExportImages,
} from '#server/services/import/site-export.ts'
import { type ImportedPost, ImportFormatError, type ParsedImport } from '#server/services/import/types.ts'
import { parseWordPress } from '#server/services/import/wordpress.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import { importPostImages } from '#server/services/post-images.ts'
import { createPost, setPublishSchedule } from '#server/services/posts.ts'
import { checkAddresses, keepRedirect } from '#server/services/redirects.ts'

/**
 * Issue 31 (docs/decisions/065-import-and-redirects.md): a file is read and checked first (the dry
 * run: a report, nothing written but the run itself), then imported by a job ('import-run') that
 * reads the kept file again, item by item, saving its progress after each: a restart resumes where
 * it stopped, and an item already imported (by its source id, or a post with its slug) is never
 * added twice. Every post is saved through the posts service, every image through the image
 * importer (SSRF-safe) and pipeline; an image that cannot be fetched is reported, not fatal.
 */

type Parsed = ParsedImport & { files?: Map<string, Uint8Array>; site?: SiteExport }

const ZIP = [0x50, 0x4b, 0x03, 0x04]

/** Which parser a file is for, from its first bytes: a zip, XML, or JSON. */
export function parseImportFile(bytes: Uint8Array, siteUrl: string | null = null): Parsed {
  if (bytes.length === 0) throw new ImportFormatError('The file is empty.')
  if (ZIP.every((b, i) => bytes[i] === b)) {
    try {
      return readOwnExport(bytes) ?? parseMarkdownZip(bytes, siteUrl)
    } catch (error) {
      if (error instanceof SiteExportError) throw new ImportFormatError(error.message)
      throw error
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '')
  const first = text.trimStart()[0]
  if (first === '<') return parseWordPress(text)
  if (first === '{') return parseGhost(text, siteUrl)
  throw new ImportFormatError(
    'This file is not a WordPress export (.xml), a Ghost export (.json) or a zip of Markdown files.',
  )
}

const sourceOf = (parsed: Pick<ParsedImport, 'format' | 'siteUrl'>) =>
  parsed.siteUrl ? `${parsed.format} ${parsed.siteUrl}`.slice(0, 300) : parsed.format

const postPath = (slug: string) => `/blog/${slug}`

/** For each item, the post already here from it (by source id) or at its slug; absent when new. */
async function existingPosts(db: Db, source: string, posts: ImportedPost[]): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (let i = 0; i < posts.length; i += 500) {
    const chunk = posts.slice(i, i + 500)
    const mapped = await db
      .select({ sourceId: importedPosts.sourceId, postId: importedPosts.postId })
      .from(importedPosts)
      .where(
        and(
          eq(importedPosts.source, source),
          inArray(
            importedPosts.sourceId,
            chunk.map((p) => p.sourceId),
          ),
        ),
      )
    for (const row of mapped) found.set(row.sourceId, row.postId)
    const bySlug = await db
      .select({ id: blogPosts.id, slug: blogPosts.slug })
      .from(blogPosts)
      .where(
        inArray(
          blogPosts.slug,
          chunk.map((p) => p.slug),
        ),
      )
    const slugs = new Map(bySlug.map((r) => [r.slug, r.id]))
    for (const post of chunk) {
      const id = slugs.get(post.slug)
      if (!found.has(post.sourceId) && id !== undefined) found.set(post.sourceId, id)
    }
  }
  return found
}

function itemOf(post: ImportedPost, postId: number | undefined): ImportItem {
  return {
    sourceId: post.sourceId,
    title: post.title,
    slug: post.slug,
    status: post.status,
    publishedAt: post.publishedAt,
    action: postId === undefined ? 'new' : 'existing',
    postId: postId ?? null,
    oldPaths: post.oldPaths,
    images: post.images.length + (post.featuredImage ? 1 : 0),
    warnings: post.warnings,
  }
}

type RunRow = typeof importRuns.$inferSelect

function reportOf(row: RunRow): ImportReport {
  const report = row.report as Omit<ImportReport, 'id' | 'state' | 'progress' | 'result' | 'createdAt' | 'finishedAt'>
  return {
    ...report,
    id: row.id,
    state: row.state as ImportState,
    progress: { done: row.done, total: row.total },
    result: (row.result as ImportResult | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/**
 * The dry run: reads the file, says what an import would do (new, already here, skipped and why,
 * every warning with its item), and keeps the file for 'Import'. A file that is not what it claims
 * is a 400 and nothing is kept.
 */
export async function checkImport(
  db: Db,
  file: Uint8Array,
  { fileName, userId = null, siteUrl = null }: { fileName: string; userId?: number | null; siteUrl?: string | null },
): Promise<ImportReport> {
  if (file.length > IMPORT_FILE_MAX) throw new PayloadTooLargeError(`The file is larger than ${IMPORT_FILE_MAX_LABEL}.`)
  let parsed: Parsed
  try {
    parsed = parseImportFile(file, siteUrl)
  } catch (error) {
    if (error instanceof ImportFormatError) throw new InvalidInputError(error.message, { file: error.message })
    throw error
  }
  const existing = await existingPosts(db, sourceOf(parsed), parsed.posts)
  const items = parsed.posts.map((post) => itemOf(post, existing.get(post.sourceId)))
  const report = {
    format: parsed.format as ImportFormatName,
    fileName: fileName.slice(0, 255),
    siteUrl: parsed.siteUrl,
    counts: {
      new: items.filter((i) => i.action === 'new').length,
      existing: items.filter((i) => i.action === 'existing').length,
      skipped: parsed.skipped.length,
      warnings: items.reduce((n, i) => n + i.warnings.length, 0),
    },
    items,
    skipped: parsed.skipped,
  }
  const [row] = await db
    .insert(importRuns)
    .values({
      format: parsed.format,
      fileName: report.fileName,
      file,
      report,
      total: items.length,
      createdBy: userId,
    })
    .returning()
  return reportOf(row as RunRow)
}

export async function getImportRun(db: Db, id: number): Promise<ImportReport | null> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1)
  return row ? reportOf(row) : null
}

/** 'Import' after a dry run: the run is queued once (a second start, or a finished run, is a 409). */
export async function startImport(db: Db, queue: JobQueue, id: number, now = new Date()): Promise<ImportReport> {
  await queue.ready()
  const row = await db.transaction(async (tx) => {
    const [started] = await tx
      .update(importRuns)
      .set({ state: 'queued', startedAt: now })
      .where(and(eq(importRuns.id, id), eq(importRuns.state, 'checked')))
      .returning()
    if (started) await queue.enqueue(tx, 'import-run', { id, at: now.toISOString() }, now)
    return started
  })
  if (row) return reportOf(row)
  const run = await getImportRun(db, id)
  if (!run) throw new NotFoundError('This import does not exist (any more).')
  throw new ConflictError('This import has already been started.')
}

// --- The job ----------------------------------------------------------------------------------

const cut = (text: string | null, max: number) => (text && text.length > max ? text.slice(0, max).trimEnd() : text)

const emptyResult = (): ImportResult => ({
  created: 0,
  existing: 0,
  failed: 0,
  imagesStored: 0,
  imagesFailed: 0,
  redirects: 0,
  problems: [],
})

export interface RunImportOptions {
  imageFetch?: SafeFetchOptions
  logger?: Logger
  now?: () => Date
}

/**
 * Runs a queued import from where it stopped (its `done` items are behind it): each item becomes
 * a post (or is found already here), its images stored on this site, its old addresses redirects.
 * Answers false when there is nothing to run (finished, or never started).
 */
export async function runImport(
  db: Db,
  queue: JobQueue,
  id: number,
  { imageFetch, logger, now = () => new Date() }: RunImportOptions = {},
): Promise<boolean> {
  const [row] = await db
    .update(importRuns)
    .set({ state: 'running' })
    .where(and(eq(importRuns.id, id), inArray(importRuns.state, ['queued', 'running'])))
    .returning()
  if (!row?.file) return false
  let parsed: Parsed
  try {
    parsed = parseImportFile(row.file, (row.report as { siteUrl?: string | null }).siteUrl ?? null)
  } catch (error) {
    await finish(db, id, 'failed', {
      ...emptyResult(),
      problems: [{ sourceId: '', title: '', message: String(error) }],
    })
    return true
  }
  const source = sourceOf(parsed)
  const result = (row.result as ImportResult | null) ?? emptyResult()
  const images = new ImageCache(db, parsed.files, imageFetch, result)
  const { site } = parsed
  if (site) {
    // This site's own export: its images first (the same bytes keep their /images/ address).
    const stored = await storeExportImages(db, site)
    if (row.done === 0) {
      result.imagesStored += stored.stored
      result.imagesFailed += stored.failed.length
      for (const failed of stored.failed) result.problems.push({ sourceId: '', title: '', message: failed })
    }
  }
  for (let index = row.done; index < parsed.posts.length; index++) {
    const post = parsed.posts[index] as ImportedPost
    try {
      const item = { post, source, runId: id, userId: row.createdBy, images, result, now: now() }
      if (post.exact && site) await importExact(db, queue, item, post.exact, site.revisions.get(post.slug) ?? [])
      else await importOne(db, queue, item)
    } catch (error) {
      logger?.warn({ err: error, sourceId: post.sourceId }, 'an imported post could not be saved')
      result.failed += 1
      result.problems.push({ sourceId: post.sourceId, title: post.title, message: messageOf(error) })
    }
    await db
      .update(importRuns)
      .set({ done: index + 1, result })
      .where(eq(importRuns.id, id))
  }
  if (site) result.redirects = await restoreRedirects(db, site.redirects)
  await finish(db, id, 'done', result)
  await contentChanged(db)
  return true
}

/**
 * A post of this site's own export: every field as exported (createPost, then what it does not
 * set), and its schedule — publication and a planned unpublish — with their jobs.
 */
async function importExact(db: Db, queue: JobQueue, item: OneItem, exact: ExportPost, revisions: ExportRevision[]) {
  const { post, source, userId, result } = item
  if ((await existingPosts(db, source, [post])).has(post.sourceId)) {
    result.existing += 1
    return
  }
  const publishedAt = exact.publishedAt ? new Date(exact.publishedAt) : null
  const created = await createImported(db, item, publishedAt, {
    title: exact.title,
    slug: exact.slug,
    excerpt: exact.excerpt,
    content: exact.content,
    featuredImage: exact.featuredImage,
    images: exact.images,
    imageAlts: exact.imageAlts,
    category: exact.category,
    tags: exact.tags,
    author: exact.author,
    isPublished: exact.isPublished,
    aiGenerated: exact.aiGenerated,
    sourceUrl: exact.sourceUrl,
    sourceTitle: exact.sourceTitle,
    focusKeyword: exact.focusKeyword,
  })
  const publishAt = exact.scheduledAt ? new Date(exact.scheduledAt) : null
  const unpublishAt = exact.unpublishAt ? new Date(exact.unpublishAt) : null
  if ((publishAt && !exact.isPublished) || (unpublishAt && exact.isPublished)) {
    await queue.ready()
    await db.transaction(async (tx) => {
      if (publishAt && !exact.isPublished) {
        await setPublishSchedule(tx, created.id, { publishAt, unpublishAt, userId })
        await queue.enqueue(tx, 'publish-post', { id: created.id, at: publishAt.toISOString() }, publishAt)
      }
      if (unpublishAt) {
        await queue.enqueue(tx, 'unpublish-post', { id: created.id, at: unpublishAt.toISOString() }, unpublishAt)
      }
    })
  }
  // After the schedule: its version and times are the export's, not this import's.
  await restoreExportedState(db, created.id, exact, revisions)
  result.created += 1
}

async function finish(db: Db, id: number, state: 'done' | 'failed', result: ImportResult) {
  // The file is not needed any more: a finished import keeps only its report.
  await db.update(importRuns).set({ state, result, file: null, finishedAt: new Date() }).where(eq(importRuns.id, id))
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

interface OneItem {
  post: ImportedPost
  source: string
  runId: number
  userId: number | null
  images: ImageCache
  result: ImportResult
  now: Date
}

async function importOne(db: Db, queue: JobQueue, item: OneItem) {
  const { post, source, userId, images, result } = item
  const here = (await existingPosts(db, source, [post])).get(post.sourceId)
  if (here !== undefined) {
    const [existing] = await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, here))
    result.existing += 1
    if (existing) await keepOldAddresses(db, post.oldPaths, existing.slug, result)
    return
  }
  const problem = (message: string) => result.problems.push({ sourceId: post.sourceId, title: post.title, message })
  const featured = post.featuredImage ? await images.local(post.featuredImage, problem) : null
  let content = post.content
  for (const src of post.images) content = images.rewrite(content, src, await images.local(src, problem))
  const tags = post.tags.map((t) => cut(t, TAG_MAX) as string).slice(0, TAGS_MAX)
  if (post.tags.length > TAGS_MAX) problem(`Only the first ${TAGS_MAX} of ${post.tags.length} tags were kept.`)
  const publishedAt = post.publishedAt ? new Date(post.publishedAt) : null
  const created = await createImported(db, item, publishedAt, {
    title: cut(post.title, TITLE_MAX),
    slug: post.slug,
    excerpt: cut(post.excerpt, EXCERPT_MAX),
    content,
    featuredImage: featured,
    category: cut(post.category, CATEGORY_MAX),
    tags,
    author: cut(post.author, AUTHOR_MAX),
    isPublished: post.status === 'published',
    imageAlts: featured && post.featuredImageAlt ? { [featured]: cut(post.featuredImageAlt, 250) } : {},
  })
  if (post.status === 'scheduled' && publishedAt) {
    // Its own date, even beyond the schedule screen's two years: the old site had promised it.
    await queue.ready()
    await db.transaction(async (tx) => {
      await setPublishSchedule(tx, created.id, { publishAt: publishedAt, unpublishAt: null, userId })
      await queue.enqueue(tx, 'publish-post', { id: created.id, at: publishedAt.toISOString() }, publishedAt)
    })
  }
  result.created += 1
  await keepOldAddresses(db, post.oldPaths, created.slug, result)
}

/**
 * Checks `fields` as a new post (the first problem refuses the item), creates it, first published
 * at `publishedAt`, and records it as this run's import of the item.
 */
async function createImported(
  db: Db,
  { post, source, runId, userId, now }: OneItem,
  publishedAt: Date | null,
  fields: unknown,
) {
  const values = PostInput.safeParse(fields)
  if (!values.success) {
    const first = values.error.issues[0]
    throw new InvalidInputError(`Not imported: ${first?.path.join('.') ?? 'post'}: ${first?.message ?? 'invalid'}.`)
  }
  const { post: created } = await createPost(db, values.data, { userId, now, publishedAt })
  await db
    .insert(importedPosts)
    .values({ source, sourceId: post.sourceId, postId: created.id, runId })
    .onConflictDoNothing()
  return created
}

/** Each old address of an item leads to its post here; one the site answers itself is left alone. */
async function keepOldAddresses(db: Db, oldPaths: string[], slug: string, result: ImportResult) {
  const pairs = oldPaths.flatMap((from) => {
    const checked = checkAddresses({ from, to: postPath(slug) })
    return checked.ok ? [checked.pair] : []
  })
  if (pairs.length === 0) return
  await db.transaction(async (tx) => {
    for (const pair of pairs) {
      await keepRedirect(tx, pair, { origin: 'import' })
      result.redirects += 1
    }
  })
}

/**
 * The images of one import, each fetched (or read from the zip) and stored once, whichever posts
 * use it. One that cannot be had is reported and its post keeps a link to the old address instead.
 */
class ImageCache {
  readonly #stored = new Map<string, string | null>()
  readonly db: Db
  readonly files: Map<string, Uint8Array> | undefined
  readonly fetch: SafeFetchOptions | undefined
  readonly result: ImportResult

  constructor(
    db: Db,
    files: Map<string, Uint8Array> | undefined,
    fetch: SafeFetchOptions | undefined,
    result: ImportResult,
  ) {
    this.db = db
    this.files = files
    this.fetch = fetch
    this.result = result
  }

  async local(src: string, problem: (message: string) => void): Promise<string | null> {
    if (this.#stored.has(src)) return this.#stored.get(src) ?? null
    let url: string | null = null
    try {
      url = src.startsWith('zip:') ? await this.#fromZip(src) : await this.#fetched(src)
      this.result.imagesStored += 1
    } catch (error) {
      this.result.imagesFailed += 1
      const message = messageOf(error)
      // The image importer names the image itself; the zip's reasons do not.
      problem(
        message.startsWith('The image ') ? message : `The image ${src.slice(4)} could not be imported: ${message}`,
      )
    }
    this.#stored.set(src, url)
    return url
  }

  async #fromZip(src: string): Promise<string> {
    const path = src.slice('zip:'.length)
    const bytes = this.files?.get(path)
    if (!bytes) throw new Error('it is not in the zip')
    return (await storeImage(this.db, bytes, path.split('/').pop() || 'image')).url
  }

  async #fetched(src: string): Promise<string> {
    const { featuredImage } = await importPostImages(this.db, { featuredImage: src }, this.fetch)
    if (!featuredImage || featuredImage === src) throw new Error('it could not be stored')
    return featuredImage
  }

  /** The content with `src` as an image replaced by its copy here, or by a link when there is none. */
  rewrite(content: string, src: string, local: string | null): string {
    if (local) return content.replaceAll(`](${src}`, `](${local}`).replaceAll(`](<${src}>`, `](<${local}>`)
    const escaped = src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return content.replace(
      new RegExp(`!\\[([^\\]]*)\\]\\(<?${escaped}>?`, 'g'),
      (_m, alt: string) => `[${alt || 'Image'}](${src}`,
    )
  }
}
