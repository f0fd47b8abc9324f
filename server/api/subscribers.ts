import { Hono } from 'hono'
import {
  ConfirmInput,
  MANAGE_LINK_NOT_VALID,
  ManageQuery,
  SUBSCRIBE_ANSWER,
  SubscribeInput,
  type SubscriberMe,
  type SubscriberStateAnswer,
} from '#common/contract/subscribers.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { clientIp } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { MAIL_NOT_CONFIGURED } from '#server/services/mail.ts'
import {
  confirm,
  me,
  resubscribe,
  subscribeDeps,
  subscriberOfToken,
  subscribeTimed,
  unsubscribe,
} from '#server/services/subscribers.ts'

export { SUBSCRIBE_ANSWER_MS } from '#server/services/subscribers.ts'

// Issue 30: subscribing with double opt-in, and a reader's own link (docs/decisions/060-subscribers.md).

export const subscribersApi = new Hono<AppEnv>()
  .post('/', validate('json', SubscribeInput, { success: false }), async (c) => {
    const outcome = await subscribeTimed(subscribeDeps(c.var.services, c.var.db), clientIp(c), c.req.valid('json'))
    if (outcome.kind === 'throttled') {
      c.header('Retry-After', String(outcome.retryAfterSeconds))
      return apiError(c, 429, outcome.message, {}, { success: false })
    }
    if (outcome.kind === 'dropped') c.var.log.info({ event: 'subscribe_honeypot' }, 'subscription dropped')
    if (outcome.kind === 'subscribed' && !c.var.config.mail) {
      c.var.log.warn(
        { event: 'subscribe_not_emailed' },
        `Subscription kept, no confirmation sent. ${MAIL_NOT_CONFIGURED}`,
      )
    }
    return c.json(SUBSCRIBE_ANSWER, 202)
  })
  .post('/confirm', validate('json', ConfirmInput), async (c) => {
    const result = await confirm(c.var.db, c.req.valid('json').token)
    if ('refused' in result) return apiError(c, 400, result.refused, { token: result.refused })
    return c.json<SubscriberStateAnswer>({ state: result.state }, 200)
  })
  .get('/me', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, MANAGE_LINK_NOT_VALID)
    return c.json<SubscriberMe>(me(row), 200)
  })
  // RFC 8058: the body is `List-Unsubscribe=One-Click` (form-encoded), or none; the token decides.
  .post('/unsubscribe', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, MANAGE_LINK_NOT_VALID)
    return c.json<SubscriberStateAnswer>({ state: await unsubscribe(c.var.db, row) }, 200)
  })
  .post('/resubscribe', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, MANAGE_LINK_NOT_VALID)
    return c.json<SubscriberStateAnswer>(
      { state: await resubscribe(subscribeDeps(c.var.services, c.var.db), row) },
      200,
    )
  })
