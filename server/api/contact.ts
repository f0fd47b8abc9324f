import { Hono } from 'hono'
import { ContactInput } from '#common/contract/contact.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { clientIp } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { createSubmission } from '#server/services/contact.ts'

export const CONTACT_WINDOW_MS = 15 * 60 * 1000

export const contact = new Hono<AppEnv>().post('/', validate('json', ContactInput, { success: false }), async (c) => {
  const { website, ...submission } = c.req.valid('json')
  const hit = await c.var.services.throttle.hit(`contact:${clientIp(c)}`, CONTACT_WINDOW_MS)
  if (hit.count > c.var.config.contactMessagesPerIp) {
    const minutes = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 60_000))
    c.header('Retry-After', String(minutes * 60))
    return apiError(
      c,
      429,
      `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      {},
      { success: false },
    )
  }
  // A filled honeypot is a bot: answer as if stored, keep nothing.
  if (website && website.trim() !== '') {
    c.var.log.info({ event: 'contact_honeypot' }, 'contact submission dropped')
    return c.json({ success: true }, 201)
  }
  await createSubmission(c.var.db, submission)
  return c.json({ success: true }, 201)
})
