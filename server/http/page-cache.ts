import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { contentSecurityPolicy, inlineScriptHashes } from '#server/http/security.ts'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** One rendered public page, kept with its compressed forms and its validator. */
export interface CachedPage {
  status: number
  /** The page's own headers (content type, cache policy…); never Set-Cookie. */
  headers: [string, string][]
  body: Buffer
  gzip: Buffer
  br: Buffer
  /** A strong validator of the uncompressed bytes, quoted. */
  etag: string
  storedAt: number
}

export type Encoding = 'br' | 'gzip' | 'identity'

export interface PageCacheOptions {
  /** How long a page is served without rendering it again; 0 turns the cache off. */
  ttlMs: number
  /** Upper bound of the bytes held (bodies and their compressed forms); least recently used go first. */
  maxBytes: number
  now?: () => number
}

const entrySize = (page: CachedPage) => page.body.length + page.gzip.length + page.br.length + 512

/**
 * Public HTML (and React Router's `.data` answers) per URL, in memory, for visitors without a
 * session. Pages change when a post changes: `invalidate()` empties the cache at once, and renders
 * that began before it are not stored. Between changes an entry lives `ttlMs`, which bounds how
 * stale a view count may be. Concurrent misses of one URL share one render.
 * docs/decisions/015-public-page-cache.md
 */
export class PageCache {
  readonly #ttlMs: number
  readonly #maxBytes: number
  readonly #now: () => number
  /** Insertion order is recency: a hit moves its entry to the end. */
  readonly #entries = new Map<string, CachedPage>()
  readonly #inflight = new Map<string, Promise<CachedPage | null>>()
  #bytes = 0
  #generation = 0
  /** Off while the change feed cannot promise that other instances' changes reach us. */
  #suspended = false

  constructor(options: PageCacheOptions) {
    this.#ttlMs = options.ttlMs
    this.#maxBytes = options.maxBytes
    this.#now = options.now ?? Date.now
  }

  get enabled() {
    return this.#ttlMs > 0 && !this.#suspended
  }

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }

  /** Forgets every page; renders already running are not stored. */
  invalidate() {
    this.#generation++
    this.#entries.clear()
    this.#inflight.clear()
    this.#bytes = 0
  }

  /** While suspended nothing is served from or stored in the cache (see ContentChanges). */
  setSuspended(suspended: boolean) {
    this.#suspended = suspended
    if (suspended) this.invalidate()
  }

  /** A fresh entry, or undefined. */
  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key)
    if (!page) return undefined
    if (this.#now() - page.storedAt >= this.#ttlMs) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, page)
    return page
  }

  /**
   * Renders the page once for every caller waiting on this key, and stores the answer when it is
   * cacheable. An answer that is not comes back as `response`, for this caller only.
   */
  fill(
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ page: CachedPage; shared: boolean } | { response: Response }> {
    const running = this.#inflight.get(key)
    if (running) {
      // Not cacheable after all (an error page, a redirect): every waiter renders its own answer.
      return running.then(async (page) => (page ? { page, shared: true } : { response: await render() }))
    }
    const generation = this.#generation
    let settle!: (page: CachedPage | null) => void
    const shared = new Promise<CachedPage | null>((resolve) => {
      settle = resolve
    })
    this.#inflight.set(key, shared)
    const done = (page: CachedPage | null) => {
      if (this.#inflight.get(key) === shared) this.#inflight.delete(key)
      settle(page)
    }
    return (async () => {
      let response: Response
      try {
        response = await render()
      } catch (error) {
        done(null)
        throw error
      }
      if (!isCacheable(response)) {
        done(null)
        return { response }
      }
      let page: CachedPage
      try {
        page = await this.#build(key, response)
      } catch (error) {
        done(null)
        throw error
      }
      if (generation === this.#generation && this.enabled) this.#store(key, page)
      done(page)
      return { page, shared: false }
    })()
  }

  async #build(key: string, response: Response): Promise<CachedPage> {
    const body = Buffer.from(await response.arrayBuffer())
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    // The same bytes as the entry this one replaces (a TTL refresh with no change): keep its work.
    const previous = this.#entries.get(key)
    const reuse = previous?.etag === etag ? previous : undefined
    const [gz, br] = reuse
      ? [reuse.gzip, reuse.br]
      : await Promise.all([
          gzip(body, { level: 9 }),
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ])
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!SKIPPED_HEADERS.has(name) && name !== 'content-security-policy') headers.push([name, value])
    })
    // One rendering served to many readers cannot keep a nonce secret: its inline scripts are
    // allowed by their hashes instead (docs/decisions/022).
    headers.push(['content-security-policy', contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')))])
    return { status: response.status, headers, body, gzip: gz, br, etag, storedAt: this.#now() }
  }

  #store(key: string, page: CachedPage) {
    const old = this.#entries.get(key)
    if (old) {
      this.#bytes -= entrySize(old)
      this.#entries.delete(key)
    }
    const size = entrySize(page)
    // One page may not push out most of the others.
    if (size > this.#maxBytes / 2) return
    this.#entries.set(key, page)
    this.#bytes += size
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entrySize(entry)
    }
  }
}

const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary', 'date'])

/** Only complete, public, successful answers are shared between visitors. */
function isCacheable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (response.headers.has('set-cookie')) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/\b(?:private|no-store)\b/i.test(cacheControl)
}

/** The best encoding the client accepts of br, gzip and identity (q-values honoured). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let best: { encoding: Encoding; q: number } = { encoding: 'identity', q: 0.001 }
  let wildcard: number | undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1
    if (!name || Number.isNaN(q)) continue
    if (name === '*') wildcard = q
    else accepted.set(name, q)
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const q = accepted.get(encoding) ?? wildcard ?? 0
    if (q > best.q) best = { encoding, q }
  }
  return best.encoding
}

/** True when an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS'

/**
 * Answers a page request through the cache: a stored page (or one rendered now and stored), sent
 * in the encoding the client prefers, or 304 when the client's copy is current. Anything the cache
 * may not hold (other methods, errors, private answers) is rendered and passed through as it is.
 */
export async function servePage(
  request: Request,
  cache: PageCache,
  render: () => Promise<Response>,
): Promise<Response> {
  const method = request.method
  if (!cache.enabled || (method !== 'GET' && method !== 'HEAD')) return markBypass(await render())
  const url = new URL(request.url)
  const key = url.pathname + url.search
  let page = cache.get(key)
  let status: CacheStatus = 'HIT'
  if (!page) {
    if (method === 'HEAD') return markBypass(await render())
    const filled = await cache.fill(key, render)
    if ('response' in filled) return markBypass(filled.response)
    page = filled.page
    status = filled.shared ? 'HIT' : 'MISS'
  }
  const answer = cachedAnswer(page, status, {
    method,
    ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
    acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
  })
  // The Buffer itself, not a copy: @hono/node-server writes a Uint8Array body straight to the socket.
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
    status: answer.status,
    headers: answer.headers,
  })
}

export interface CachedAnswer {
  status: number
  headers: [string, string][]
  body: Buffer | null
}

/**
 * What a stored page is sent as: its own headers, the cache's (ETag, Vary, X-Cache, no-cache unless
 * the page set its own policy), 304 when the client's copy is current, else the body in the
 * encoding the client prefers. Shared by `servePage` and the fast path before Hono.
 */
export function cachedAnswer(
  page: CachedPage,
  status: CacheStatus,
  request: { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): CachedAnswer {
  const headers = [...page.headers]
  if (!page.headers.some(([name]) => name === 'cache-control')) headers.push(['cache-control', 'no-cache'])
  headers.push(['etag', page.etag], ['vary', 'Accept-Encoding'], ['x-cache', status])
  if (etagMatches(request.ifNoneMatch, page.etag)) {
    return { status: 304, headers: headers.filter(([name]) => name !== 'content-type'), body: null }
  }
  const encoding = pickEncoding(request.acceptEncoding)
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body
  if (encoding !== 'identity') headers.push(['content-encoding', encoding])
  headers.push(['content-length', String(body.length)])
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body }
}

function markBypass(response: Response): Response {
  try {
    response.headers.set('x-cache', 'BYPASS')
    return response
  } catch {
    // Immutable headers (a fetched Response): copy them.
    const copy = new Response(response.body, response)
    copy.headers.set('x-cache', 'BYPASS')
    return copy
  }
}
