import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import {
  REDIRECT_CSV_COLUMNS,
  REDIRECT_IMPORT_BYTES_MAX,
  REDIRECT_IMPORT_LINES_MAX,
  REDIRECT_PATH_MAX,
  type Redirect,
  type RedirectImportResult,
  type RedirectInput,
  type RedirectList,
  type RedirectListQuery,
  type RedirectOrigin,
} from '#common/contract/redirects.ts'
import { parseCsv, toCsv } from '#common/csv.ts'
import type { Db } from '#server/db/client.ts'
import { pageWithTotal } from '#server/db/paging.ts'
import { blogPosts, redirects } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { contentChanged } from '#server/services/content-events.ts'
import { InvalidInputError, NotFoundError, PayloadTooLargeError } from '#server/services/errors.ts'

/**
 * Issue 31: old addresses answered with a 301 (docs/decisions/065-import-and-redirects.md). Every
 * address is kept in one form (`normalizePath`) so '/Old%20Post/', '/Old Post' and a whole URL of
 * the old site all name the same row; a chain is collapsed when it is made (A → B, then B → C:
 * A → C), and a redirect that would point to itself or loop is refused.
 */

/** Paths the site itself answers: a redirect from them would break it. */
const RESERVED = /^\/(?:$|admin(?:\/|$)|api(?:\/|$)|s\/|assets\/|images\/|healthz$|blog$|subscribe(?:\/|$))/

const postPath = (slug: string) => `/blog/${slug}`

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/**
 * One form of an address on this site: the path decoded (no %xx), without its trailing slash
 * (the root stays '/'), with its query when it has one ('/?p=12'), without a fragment. A whole
 * http(s) address keeps only its path and query: an old site's permalink names its path here.
 * Null when it is not an address at all.
 */
export function normalizePath(input: string): string | null {
  let text = input.trim().replace(/#.*$/, '')
  const absolute = /^https?:\/\/[^/?#\s]+(.*)$/i.exec(text)
  if (absolute) text = absolute[1] || '/'
  if (!text.startsWith('/')) text = `/${text}`
  if (text.startsWith('//') || /[\p{Cc}\\]/u.test(text)) return null
  const q = text.indexOf('?')
  const rawPath = q === -1 ? text : text.slice(0, q)
  const query = q === -1 ? '' : text.slice(q + 1)
  const path = decodePath(rawPath).replace(/\/+$/, '') || '/'
  if (/\p{Cc}/u.test(path) || /\s/.test(path)) return null
  return query === '' ? path : `${path}?${query}`
}

/** Where a redirect goes: an http(s) address elsewhere as given, else a path here in normalizePath's form. */
export function normalizeTarget(input: string, publicUrl?: string): string | null {
  const text = input.trim()
  if (/^https?:\/\//i.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return null
    }
    // An address of this site is kept as its path: the same row whatever the site's address becomes.
    if (publicUrl && url.origin === new URL(publicUrl).origin) return normalizePath(url.pathname + url.search)
    return /\s/.test(text) ? null : url.href
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null
  return normalizePath(text)
}

const isPath = (target: string) => target.startsWith('/')

/** The Location of a target: a path here as an absolute ASCII address. */
export function locationOf(target: string, publicUrl: string): string {
  return isPath(target) ? `${publicUrl}${encodeURI(target)}` : target
}

type Row = typeof redirects.$inferSelect

function toRedirect(row: Row): Redirect {
  return {
    id: row.id,
    from: row.fromPath,
    to: row.toPath,
    origin: row.origin as RedirectOrigin,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

interface Checked {
  from: string
  to: string
}

type CheckResult = { ok: true; pair: Checked } | { ok: false; fields: Record<string, string> }

/** The two addresses in their one form, or the field errors a person can act on. */
export function checkAddresses(input: RedirectInput, publicUrl?: string): CheckResult {
  const from = input.from.length > REDIRECT_PATH_MAX ? null : normalizePath(input.from)
  const to = input.to.length > REDIRECT_PATH_MAX ? null : normalizeTarget(input.to, publicUrl)
  const fields: Record<string, string> = {}
  if (from === null) fields.from = 'Must be a path on this site, like /old-post/, or the old site’s address of it'
  // The home page's query addresses ('/?p=12', WordPress's plain permalinks) are old posts, not the home page.
  else if (RESERVED.test(from.replace(/\?.*$/, '')) && !/^\/\?./.test(from))
    fields.from = 'This address belongs to the site itself; a redirect would hide it'
  if (to === null) fields.to = 'Must be a path on this site, like /blog/new-post, or an http(s) address'
  if (from !== null && to !== null && from === to) fields.to = 'A redirect cannot point to itself'
  if (from === null || to === null || Object.keys(fields).length > 0) return { ok: false, fields }
  return { ok: true, pair: { from, to } }
}

function assertChecked(checked: CheckResult): Checked {
  if (checked.ok) return checked.pair
  throw new InvalidInputError(Object.values(checked.fields)[0] ?? 'Invalid redirect.', checked.fields)
}

/** How many redirects a chain may pass through before it is called a loop. */
const CHAIN_MAX = 50

/**
 * Where `to` finally leads, following the redirects already kept; refuses when the way comes back
 * to `from` (a loop) and names it. `ignoreId`: the row being edited, whose old target no longer counts.
 */
async function finalTarget(tx: Db, from: string, to: string, ignoreId?: number): Promise<string> {
  const seen = [from, to]
  let target = to
  for (let step = 0; step < CHAIN_MAX && isPath(target); step++) {
    const [next] = await tx
      .select({ id: redirects.id, to: redirects.toPath })
      .from(redirects)
      .where(eq(redirects.fromPath, target))
      .limit(1)
    if (!next || next.id === ignoreId) return target
    if (next.to === from || seen.includes(next.to)) {
      throw new InvalidInputError(`This redirect would make a loop: ${[...seen, next.to].join(' → ')}.`, {
        to: 'This would send visitors round in a loop',
      })
    }
    seen.push(next.to)
    target = next.to
  }
  return target
}

/**
 * Keeps `from` → `to` in the caller's transaction, collapsing chains both ways: `to` is followed to
 * where it finally leads, and every redirect that led to `from` now leads there too (A → B → C is
 * kept as A → C). A redirect from a post's own address is refused: it would hide the post.
 */
export async function keepRedirect(
  tx: Db,
  { from, to }: Checked,
  { origin, userId = null, id }: { origin: RedirectOrigin; userId?: number | null; id?: number },
): Promise<Row> {
  const target = await finalTarget(tx, from, to, id)
  if (from.startsWith('/blog/')) {
    const [post] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.slug, from.slice('/blog/'.length)))
      .limit(1)
    if (post) {
      throw new InvalidInputError('A post lives at this address; a redirect would hide it.', {
        from: 'A post lives at this address; change its slug first',
      })
    }
  }
  // Those that led here lead on (finalTarget made sure none of them is where this leads).
  await tx.update(redirects).set({ toPath: target }).where(eq(redirects.toPath, from))
  if (id !== undefined) {
    const [row] = await tx
      .update(redirects)
      .set({ fromPath: from, toPath: target, updatedBy: userId })
      .where(eq(redirects.id, id))
      .returning()
    if (!row) throw new NotFoundError('This redirect does not exist (any more).')
    return row
  }
  const [row] = await tx
    .insert(redirects)
    .values({ fromPath: from, toPath: target, origin, updatedBy: userId })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: target, origin, updatedBy: userId } })
    .returning()
  return row as Row
}

/** A post now lives at `slug`: no redirect may hide it any longer. In the caller's transaction. */
export async function postTookSlug(tx: Db, slug: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, postPath(slug)))
}

/**
 * A public post's slug changed from `before` to `after`, in the caller's transaction: its old
 * address leads to the new one, and so does every address that led to the old one.
 */
export async function postSlugChanged(tx: Db, before: string, after: string): Promise<void> {
  await postTookSlug(tx, after)
  await keepRedirect(tx, { from: postPath(before), to: postPath(after) }, { origin: 'slug' })
}

function uniqueFromTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause
  const code = (error as { code?: string })?.code ?? cause?.code
  return code === '23505'
}

export async function createRedirect(
  db: Db,
  input: RedirectInput,
  { userId = null, publicUrl }: { userId?: number | null; publicUrl?: string } = {},
): Promise<Redirect> {
  const checked = assertChecked(checkAddresses(input, publicUrl))
  const [taken] = await db
    .select({ id: redirects.id })
    .from(redirects)
    .where(eq(redirects.fromPath, checked.from))
    .limit(1)
  if (taken) {
    throw new InvalidInputError('This old address already has a redirect; edit that one.', {
      from: 'Already redirected: edit the redirect in the list',
    })
  }
  const row = await db.transaction((tx) => keepRedirect(tx, checked, { origin: 'manual', userId }))
  await contentChanged(db)
  return toRedirect(row)
}

export async function updateRedirect(
  db: Db,
  id: number,
  input: RedirectInput,
  { userId = null, publicUrl }: { userId?: number | null; publicUrl?: string } = {},
): Promise<Redirect> {
  const checked = assertChecked(checkAddresses(input, publicUrl))
  try {
    const row = await db.transaction((tx) => keepRedirect(tx, checked, { origin: 'manual', userId, id }))
    await contentChanged(db)
    return toRedirect(row)
  } catch (error) {
    if (!uniqueFromTaken(error)) throw error
    throw new InvalidInputError('Another redirect starts at this old address.', {
      from: 'Another redirect starts here',
    })
  }
}

export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id })
  if (rows.length === 0) return false
  await contentChanged(db)
  return true
}

const matching = (q: string | undefined) => {
  if (!q) return undefined
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern))
}

export async function listRedirects(db: Db, { q, page, pageSize }: RedirectListQuery): Promise<RedirectList> {
  const where = matching(q)
  const { rows, total } = await pageWithTotal(
    db,
    db.select().from(redirects).where(where).orderBy(desc(redirects.createdAt), desc(redirects.id)).$dynamic(),
    { table: redirects, where, page, pageSize },
  )
  return { redirects: rows.map(toRedirect), total, page, pageSize }
}

export async function redirectsCsv(db: Db, q?: string): Promise<string> {
  const rows = await db.select().from(redirects).where(matching(q)).orderBy(redirects.fromPath)
  return toCsv([
    [...REDIRECT_CSV_COLUMNS],
    ...rows.map((r) => [r.fromPath, r.toPath, r.hits, r.lastHitAt?.toISOString() ?? '', r.origin]),
  ])
}

/**
 * A CSV of `from,to` lines (more columns are ignored, so an export imports back): every line is
 * checked first, and one fault refuses the whole file, naming its line; nothing is written then.
 */
export async function importRedirectsCsv(
  db: Db,
  csv: string,
  { userId = null, publicUrl }: { userId?: number | null; publicUrl?: string } = {},
): Promise<RedirectImportResult> {
  if (Buffer.byteLength(csv) > REDIRECT_IMPORT_BYTES_MAX) {
    throw new PayloadTooLargeError(`The file is larger than ${REDIRECT_IMPORT_BYTES_MAX / 1024 / 1024} MB.`)
  }
  const records = parseCsv(csv)
  if (!records) throw new InvalidInputError('This is not a CSV file: a quote is never closed.', { csv: 'Not CSV' })
  const lines = records.filter((r) => r.cells.some((cell) => cell.trim() !== ''))
  if (lines[0] && lines[0].cells[0]?.trim().toLowerCase() === 'from') lines.shift()
  if (lines.length === 0) throw new InvalidInputError('The file has no redirects in it.', { csv: 'No redirects' })
  if (lines.length > REDIRECT_IMPORT_LINES_MAX) {
    throw new PayloadTooLargeError(`At most ${REDIRECT_IMPORT_LINES_MAX} redirects in one file.`)
  }
  const pairs: Checked[] = []
  for (const { line, cells } of lines) {
    const checked = checkAddresses({ from: cells[0] ?? '', to: cells[1] ?? '' }, publicUrl)
    if (!checked.ok) {
      const why = Object.values(checked.fields)[0]
      throw new InvalidInputError(`Line ${line}: ${why}. Nothing was imported.`, { csv: `Line ${line}: ${why}` })
    }
    pairs.push(checked.pair)
  }
  const existing = new Set(
    (
      await db
        .select({ from: redirects.fromPath })
        .from(redirects)
        .where(
          inArray(
            redirects.fromPath,
            pairs.map((p) => p.from),
          ),
        )
    ).map((r) => r.from),
  )
  try {
    await db.transaction(async (tx) => {
      for (const pair of pairs) await keepRedirect(tx, pair, { origin: 'manual', userId })
    })
  } catch (error) {
    if (error instanceof InvalidInputError) {
      throw new InvalidInputError(`${error.message} Nothing was imported.`, { csv: error.message })
    }
    throw error
  }
  await contentChanged(db)
  const updated = new Set(pairs.map((p) => p.from).filter((from) => existing.has(from))).size
  return { added: new Set(pairs.map((p) => p.from)).size - updated, updated }
}

// --- Answering: the table in memory, and its hits ---------------------------------------------

/**
 * A moved address stays moved, but a redirect edited on /admin/redirects must reach browsers that
 * followed the old one: an hour, as WordPress's Redirection plugin does, not a 301's usual forever.
 */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=3600'

export interface RedirectHit {
  id: number
  location: string
}

/**
 * Every redirect in memory (a few thousand rows at most, for a site that imported years of posts),
 * so the fast path (server/http/redirect-fast-path.ts) answers without the database. Emptied on
 * every content change, here and (through the change feed) on the other instances, and read again
 * by the next request that goes through Hono. Hits are counted here and added in batches: a crash
 * loses at most the last few seconds' counts, never a redirect.
 */
export class RedirectTable {
  readonly #db: Db
  readonly #publicUrl: string
  readonly #logger: Logger | undefined
  #entries: Map<string, RedirectHit> | null = null
  #loading: Promise<Map<string, RedirectHit>> | null = null
  #generation = 0
  #hits = new Map<number, { n: number; last: Date }>()
  #timer: NodeJS.Timeout | null = null
  readonly #flushMs: number

  constructor(db: Db, publicUrl: string, { logger, flushMs = 5000 }: { logger?: Logger; flushMs?: number } = {}) {
    this.#db = db
    this.#publicUrl = publicUrl
    this.#logger = logger
    this.#flushMs = flushMs
  }

  invalidate() {
    this.#generation += 1
    this.#entries = null
    this.#loading = null
  }

  /** The redirect of a request's path and query; undefined while the table is not in memory. */
  peek(url: string): RedirectHit | null | undefined {
    return this.#entries ? match(this.#entries, url) : undefined
  }

  async lookup(url: string): Promise<RedirectHit | null> {
    return match(this.#entries ?? (await this.#load()), url)
  }

  #load(): Promise<Map<string, RedirectHit>> {
    if (this.#loading) return this.#loading
    const generation = this.#generation
    const loading = this.#db
      .select({ id: redirects.id, from: redirects.fromPath, to: redirects.toPath })
      .from(redirects)
      .then((rows) => {
        const entries = new Map(
          rows.map((r) => [r.from, { id: r.id, location: locationOf(r.to, this.#publicUrl) }] as const),
        )
        // A change while reading: this read may have missed it, so it is not kept.
        if (generation === this.#generation) this.#entries = entries
        return entries
      })
      .finally(() => {
        if (this.#loading === loading) this.#loading = null
      })
    this.#loading = loading
    return loading
  }

  hit(id: number, now = new Date()) {
    const seen = this.#hits.get(id)
    this.#hits.set(id, { n: (seen?.n ?? 0) + 1, last: now })
    this.#timer ??= setTimeout(() => {
      this.#timer = null
      this.flush().catch((error) => this.#logger?.warn({ err: error }, 'redirect hits could not be saved'))
    }, this.#flushMs).unref()
  }

  /** Adds the counted hits to their rows (a deleted redirect's are dropped). */
  async flush(): Promise<void> {
    if (this.#hits.size === 0) return
    const hits = this.#hits
    this.#hits = new Map()
    for (const [id, { n, last }] of hits) {
      await this.#db
        .update(redirects)
        .set({ hits: sql`${redirects.hits} + ${n}`, lastHitAt: sql`greatest(${redirects.lastHitAt}, ${last})` })
        .where(eq(redirects.id, id))
    }
  }

  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.flush()
  }
}

/**
 * The redirect of a path and query: the exact address first ('/?p=12'), then its path alone, whose
 * Location then keeps the request's query (a campaign's utm tags survive the move).
 */
function match(entries: Map<string, RedirectHit>, url: string): RedirectHit | null {
  if (entries.size === 0) return null
  const key = normalizePath(url)
  if (key === null) return null
  const exact = entries.get(key)
  if (exact) return exact
  const q = key.indexOf('?')
  if (q === -1) return null
  const byPath = entries.get(key.slice(0, q))
  if (!byPath) return null
  const query = key.slice(q + 1)
  const joiner = byPath.location.includes('?') ? '&' : '?'
  return { id: byPath.id, location: `${byPath.location}${joiner}${query}` }
}
