import { setTimeout } from 'node:timers/promises'
import { Hono } from 'hono'
import {
  ConfirmInput,
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
import { confirm, me, resubscribe, subscribe, subscriberOfToken, unsubscribe } from '#server/services/subscribers.ts'

// Issue 30: subscribing with double opt-in, and a reader's own link (docs/decisions/060-subscribers.md).

/**
 * Every accepted subscribe answer takes at least this long: a new address (a row, a job) and a
 * known one (a read) are not told apart by the answer's timing. More than either takes unloaded.
 */
export const SUBSCRIBE_ANSWER_MS = 250

const NOT_VALID = 'This link is not valid. Use the link from your latest email from us.'

const mailOf = (c: { var: AppEnv['Variables'] }) =>
  c.var.config.mail ? { key: c.var.services.secretKey, queue: c.var.services.jobs } : null

export const subscribersApi = new Hono<AppEnv>()
  .post('/', validate('json', SubscribeInput, { success: false }), async (c) => {
    const answerAt = performance.now() + SUBSCRIBE_ANSWER_MS
    const outcome = await subscribe(
      {
        db: c.var.db,
        throttle: c.var.services.throttle,
        perAddress: c.var.config.contactMessagesPerIp,
        mail: mailOf(c),
      },
      clientIp(c),
      c.req.valid('json'),
    )
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
    await setTimeout(Math.max(0, answerAt - performance.now()))
    return c.json(SUBSCRIBE_ANSWER, 202)
  })
  .post('/confirm', validate('json', ConfirmInput), async (c) => {
    const result = await confirm(c.var.db, c.req.valid('json').token)
    if ('refused' in result) return apiError(c, 400, result.refused, { token: result.refused })
    return c.json<SubscriberStateAnswer>({ state: result.state }, 200)
  })
  .get('/me', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, NOT_VALID)
    return c.json<SubscriberMe>(me(row), 200)
  })
  // RFC 8058: the body is `List-Unsubscribe=One-Click` (form-encoded), or none; the token decides.
  .post('/unsubscribe', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, NOT_VALID)
    return c.json<SubscriberStateAnswer>({ state: await unsubscribe(c.var.db, row) }, 200)
  })
  .post('/resubscribe', validate('query', ManageQuery), async (c) => {
    const row = await subscriberOfToken(c.var.db, c.var.services.secretKey, c.req.valid('query').token)
    if (!row) return apiError(c, 404, NOT_VALID)
    return c.json<SubscriberStateAnswer>({ state: await resubscribe({ db: c.var.db, mail: mailOf(c) }, row) }, 200)
  })
