import { type Context, Hono } from 'hono'
import { isbot } from 'isbot'
import {
  type AnalyticsOverview,
  AnalyticsQuery,
  type VisitFields,
  VisitInput,
  type VisitResponse,
} from '#common/contract/analytics.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clientIp, requireAdmin } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { analyticsOverview } from '#server/services/analytics.ts'

const failure = { success: false }

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

/**
 * Issue 16: the visit beacon of public pages (queued, answered at once) and the admin's figures.
 * docs/decisions/036-cookieless-analytics.md
 */
export const analytics = new Hono<AppEnv>()
  .post('/visits', validate('json', VisitInput, failure), (c) =>
    c.json<VisitResponse>({ success: true, counted: recordVisit(c, c.req.valid('json')) }, 202),
  )
  .get('/overview', requireAdmin, validate('query', AnalyticsQuery, failure), async (c) =>
    c.json<AnalyticsOverview>(await analyticsOverview(c.var.db, c.req.valid('query'))),
  )
