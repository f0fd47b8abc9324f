import { Hono } from 'hono'
import { SHORT_CODE_PATTERN } from '#common/contract/x-posts.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clientIp } from '#server/http/middleware.ts'
import { recordShortLinkClick, SHORT_LINK_CACHE_CONTROL } from '#server/services/short-links.ts'

/**
 * GET|HEAD /s/{code}: 302 to the post's page with utm tags. The click is appended to the click log
 * and queued, not written to the database, before the answer goes out
 * (docs/decisions/012-click-recording-in-batches.md, 041-crash-safe-clicks.md). HEAD is answered
 * and not counted; bots are tallied, not counted. An unknown code falls through to the page
 * handler, which answers the not-found page with 404. Codes already remembered are answered
 * before Hono by server/http/short-link-fast-path.ts, with the same rule.
 */
export const shortLinks = new Hono<AppEnv>().get('/:code', async (c, next) => {
  const code = c.req.param('code')
  if (!SHORT_CODE_PATTERN.test(code)) return next()
  const { services } = c.var
  const link = await services.shortLinks.resolve(c.var.db, code, c.var.config.publicUrl)
  if (!link) return next()
  if (c.req.method !== 'HEAD') {
    await new Promise<void>((answer) =>
      recordShortLinkClick(
        services.clicks,
        link.xPostId,
        { ipAddress: clientIp(c), userAgent: c.req.header('user-agent'), referrer: c.req.header('referer') },
        answer,
      ),
    )
  }
  c.header('Cache-Control', SHORT_LINK_CACHE_CONTROL)
  return c.redirect(link.location, 302)
})
