import { Hono } from 'hono'
import { type AnalyticsOverview, AnalyticsQuery, VisitInput, type VisitResponse } from '#common/contract/analytics.ts'
import type { AppEnv } from '#server/http/env.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { recordVisit } from '#server/http/visit-beacon.ts'
import { analyticsOverview } from '#server/services/analytics.ts'

const failure = { success: false }

/**
 * Issue 16: the visit beacon of public pages (queued, answered at once) and the admin's figures.
 * docs/decisions/036-cookieless-analytics.md
 */
export const analytics = new Hono<AppEnv>()
  .post('/visits', validate('json', VisitInput, failure), (c) =>
    c.json<VisitResponse>({ success: true, counted: recordVisit(c, c.req.valid('json')) }, 202),
  )
  .get('/overview', allow('leads'), validate('query', AnalyticsQuery, failure), async (c) =>
    c.json<AnalyticsOverview>(await analyticsOverview(c.var.db, c.req.valid('query'))),
  )
