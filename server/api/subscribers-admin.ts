import { Hono } from 'hono'
import {
  SubscriberId,
  SubscriberImportInput,
  type SubscriberImportResult,
  type SubscriberList,
  SubscriberListQuery,
} from '#common/contract/subscribers.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import {
  eraseSubscriber,
  ImportRefused,
  importSubscribers,
  listSubscribers,
  subscribersCsv,
} from '#server/services/subscriber-admin.ts'

// Issue 30, the admin slice: /api/admin/subscribers… for those who may see the leads
// (docs/decisions/062-subscriber-admin.md).

export const subscribersAdminApi = new Hono<AppEnv>()
  .get('/subscribers', allow('leads'), validate('query', SubscriberListQuery), async (c) =>
    c.json<SubscriberList>(await listSubscribers(c.var.db, c.req.valid('query'))),
  )
  .get('/subscribers.csv', allow('leads'), validate('query', SubscriberListQuery), async (c) => {
    const { page: _page, pageSize: _pageSize, ...filter } = c.req.valid('query')
    const csv = await subscribersCsv(c.var.db, filter)
    const day = new Date().toISOString().slice(0, 10)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="subscribers-${day}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(csv)
  })
  .post('/subscribers/import', allow('leads'), validate('json', SubscriberImportInput), async (c) => {
    try {
      return c.json<SubscriberImportResult>(await importSubscribers(c.var.db, c.req.valid('json')), 200)
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error
      return apiError(c, error.tooLarge ? 413 : 400, error.message, { csv: error.message })
    }
  })
  .delete('/subscribers/:id', allow('leads'), validate('param', SubscriberId), async (c) => {
    const erased = await eraseSubscriber(c.var.db, c.req.valid('param').id)
    if (!erased) return apiError(c, 404, 'This subscriber does not exist (any more).')
    return c.json({ erased: true as const }, 200)
  })
