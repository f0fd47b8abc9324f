import { Hono } from 'hono'
import { isbot } from 'isbot'
import { type AnalyticsOverview, AnalyticsQuery, VisitInput, type VisitResponse } from '#common/contract/analytics.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clientIp, requireAdmin } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { analyticsOverview } from '#server/services/analytics.ts'

const failure = { success: false }

/**
 * Issue 16: the visit beacon of public pages (queued, answered at once) and the admin's figures.
 * docs/decisions/036-cookieless-analytics.md
 */
export const analytics = new Hono<AppEnv>()
  .post('/visits', validate('json', VisitInput, failure), (c) => {
    const userAgent = c.req.header('user-agent') ?? ''
    // Bots, scripted requests without a user agent and the site's own admins are not readers.
    if (!userAgent || isbot(userAgent) || c.var.userId !== null) {
      return c.json<VisitResponse>({ success: true, counted: false }, 202)
    }
    const visits = c.var.services.visits
    const counted = visits.record({
      ...c.req.valid('json'),
      ipAddress: clientIp(c),
      userAgent,
      visitedAt: visits.now(),
    })
    return c.json<VisitResponse>({ success: true, counted }, 202)
  })
  .get('/overview', requireAdmin, validate('query', AnalyticsQuery), async (c) =>
    c.json<AnalyticsOverview>(await analyticsOverview(c.var.db, c.req.valid('query'))),
  )
