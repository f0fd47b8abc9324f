import type { OutgoingHttpHeaders, RequestListener } from 'node:http'
import { Hono } from 'hono'
import { SHORT_CODE_PATTERN } from '#common/contract/x-posts.ts'
import type { AppServices } from '#server/http/env.ts'
import { clientAddress } from '#server/http/middleware.ts'
import { securityHeaders } from '#server/http/security.ts'
import { type ResolvedShortLink, recordShortLinkClick, SHORT_LINK_CACHE_CONTROL } from '#server/services/short-links.ts'

/**
 * The headers every answer carries (server/http/security.ts), read once from the same middleware,
 * so the fast path below cannot drift from what Hono sends.
 */
export async function answerHeaders(): Promise<OutgoingHttpHeaders> {
  const probe = new Hono().use(securityHeaders()).get('/', (c) => c.body(null, 204))
  const res = await probe.request('/')
  const headers: OutgoingHttpHeaders = {}
  res.headers.forEach((value, name) => {
    headers[name] = value
  })
  return headers
}

/**
 * `GET|HEAD /s/{code}` for a code already remembered by the ShortLinkCache, answered on node:http
 * before Hono sees the request: the same 302, headers and click as the Hono route in
 * server/api/short-links.ts (which answers everything else: the first request for a code, unknown
 * codes, other methods), at a fraction of the cost per request.
 * docs/decisions/017-short-link-fast-path.md
 */
export function shortLinkFastPath(
  services: AppServices,
  headers: () => OutgoingHttpHeaders | undefined,
  next: RequestListener,
): RequestListener {
  const { trustProxy } = services.config
  // One header object per remembered link, built at its first answer: the same object every time
  // while the cache holds the link.
  const answers = new WeakMap<ResolvedShortLink, OutgoingHttpHeaders>()
  const headersOf = (link: ResolvedShortLink, always: OutgoingHttpHeaders) => {
    let headers = answers.get(link)
    if (!headers) {
      headers = { ...always, 'cache-control': SHORT_LINK_CACHE_CONTROL, location: link.location }
      answers.set(link, headers)
    }
    return headers
  }
  return (req, res) => {
    const url = req.url
    const method = req.method
    if (url === undefined || !url.startsWith('/s/') || (method !== 'GET' && method !== 'HEAD')) return next(req, res)
    const query = url.indexOf('?')
    const code = url.slice(3, query === -1 ? undefined : query)
    const link = SHORT_CODE_PATTERN.test(code) ? services.shortLinks.peek(code) : null
    const always = headers()
    if (!link || !always) return next(req, res)
    const answer = () => {
      res.writeHead(302, headersOf(link, always))
      res.end()
    }
    if (method !== 'GET') return answer()
    const forwardedFor = req.headers['x-forwarded-for']
    recordShortLinkClick(
      services.clicks,
      link.xPostId,
      {
        ipAddress: clientAddress(
          trustProxy,
          Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
          req.socket.remoteAddress,
        ),
        userAgent: req.headers['user-agent'],
        referrer: req.headers.referer,
      },
      answer,
    )
  }
}
