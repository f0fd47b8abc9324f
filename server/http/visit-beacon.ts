import type { Context } from 'hono'
import { isbot } from 'isbot'
import type { VisitFields } from '#common/contract/analytics.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clientIp } from '#server/http/middleware.ts'

// Issue 16: what a beacon's request says about its reader, for the visit beacon and the view
// beacon of a post alike (docs/decisions/036-cookieless-analytics.md).

/**
 * Queues one page view of a person's browser; answers whether it counts. Bots, scripted requests
 * without a user agent and the site's own admins are not readers.
 */
export function recordVisit(c: Context<AppEnv>, visit: VisitFields): boolean {
  const userAgent = c.req.header('user-agent') ?? ''
  if (!userAgent || isbot(userAgent) || c.var.userId !== null) return false
  const visits = c.var.services.visits
  return visits.record({ ...visit, ipAddress: clientIp(c), userAgent, visitedAt: visits.now() })
}
