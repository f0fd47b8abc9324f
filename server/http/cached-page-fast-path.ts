import type { OutgoingHttpHeaders, RequestListener } from 'node:http'
import type { AppServices } from '#server/http/env.ts'
import { SESSION_COOKIE } from '#server/http/middleware.ts'
import { cachedAnswer } from '#server/http/page-cache.ts'

const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`)

/**
 * Issue 13: a public page or public JSON answer the page cache already holds, for a request without
 * a session cookie, answered on node:http before Hono sees it — the same status, headers and bytes
 * as `servePage` (they share `cachedAnswer`) plus the security headers every answer carries.
 * Everything else (a miss, a session, other methods) goes to Hono unchanged, which fills the cache;
 * so does everything while `headers()` has none yet (boot.ts reads them after the listen).
 * docs/decisions/015-public-page-cache.md, docs/decisions/017-short-link-fast-path.md
 */
export function cachedPageFastPath(
  services: AppServices,
  headers: () => OutgoingHttpHeaders | undefined,
  next: RequestListener,
): RequestListener {
  const cache = services.pageCache
  if (!cache) return next
  return (req, res) => {
    const method = req.method
    const url = req.url
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !cache.enabled) return next(req, res)
    const cookie = req.headers.cookie
    if (cookie !== undefined && SESSION.test(cookie)) return next(req, res)
    // The key is the path and query exactly as the request names them: an address Hono would
    // normalise differently never matches a stored one, and goes to Hono.
    const page = cache.get(url)
    const always = headers()
    if (!page || !always) return next(req, res)
    const answer = cachedAnswer(page, 'HIT', {
      method,
      ifNoneMatch: req.headers['if-none-match'],
      acceptEncoding: req.headers['accept-encoding'],
    })
    const out: OutgoingHttpHeaders = { ...always }
    for (const [name, value] of answer.headers) out[name] = value
    res.writeHead(answer.status, out)
    res.end(answer.body ?? undefined)
  }
}
