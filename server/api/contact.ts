import { Hono } from 'hono'
import { ContactInput } from '#common/contract/contact.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { clientIp } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { receiveContact } from '#server/services/contact.ts'

export const contact = new Hono<AppEnv>().post('/', validate('json', ContactInput, { success: false }), async (c) => {
  const outcome = await receiveContact(
    { db: c.var.db, throttle: c.var.services.throttle, perAddress: c.var.config.contactMessagesPerIp },
    clientIp(c),
    c.req.valid('json'),
  )
  if (outcome.kind === 'throttled') {
    c.header('Retry-After', String(outcome.retryAfterSeconds))
    return apiError(c, 429, outcome.message, {}, { success: false })
  }
  if (outcome.kind === 'dropped') c.var.log.info({ event: 'contact_honeypot' }, 'contact submission dropped')
  return c.json({ success: true }, 201)
})
