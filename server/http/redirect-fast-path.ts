import type { OutgoingHttpHeaders, RequestListener } from 'node:http'
import type { AppServices } from '#server/http/env.ts'
import { REDIRECT_CACHE_CONTROL } from '#server/services/redirects.ts'

/**
 * Issue 31: `GET|HEAD` of an old address the RedirectTable holds in memory, answered with its 301 on
 * node:http before Hono, as short links are (docs/decisions/017): the same answer as the Hono
 * route in server/app.ts, which answers while the table is being (re)read. Everything else goes on
 * unchanged. Only addresses the site does not answer itself can hold a redirect
 * (services/redirects.ts `checkAddresses`), so no page is hidden by this.
 */
export function redirectFastPath(
  services: AppServices,
  headers: () => OutgoingHttpHeaders | undefined,
  next: RequestListener,
): RequestListener {
  const table = services.redirects
  return (req, res) => {
    const method = req.method
    const url = req.url
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return next(req, res)
    const hit = table.peek(url)
    const always = headers()
    if (!hit || !always) return next(req, res)
    if (method === 'GET') table.hit(hit.id)
    res.writeHead(301, { ...always, 'cache-control': REDIRECT_CACHE_CONTROL, location: hit.location })
    res.end()
  }
}
