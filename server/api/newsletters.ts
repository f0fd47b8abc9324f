import { Hono } from 'hono'
import { NewsletterInput, TestSendInput } from '#common/contract/newsletters.ts'
import { PostId } from '#common/contract/posts.ts'
import type { Config } from '#server/config.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { createMailSender, type MailSender, PermanentMailError, TemporaryMailError } from '#server/services/mail.ts'
import {
  createNewsletter,
  listNewsletters,
  NEWSLETTER_MAIL_NOT_CONFIGURED,
  newsletterOfPost,
  previewNewsletter,
  sendTestNewsletter,
  toNewsletter,
} from '#server/services/newsletters.ts'
import { getPostById } from '#server/services/posts.ts'

const NOT_FOUND = 'Post not found'
const idParam = validate('param', PostId)

/** One transport per mail configuration (the test send is rare; the job keeps its own). */
const senders = new WeakMap<NonNullable<Config['mail']>, MailSender>()
const senderOf = (mail: NonNullable<Config['mail']>) => {
  let sender = senders.get(mail)
  if (!sender) {
    sender = createMailSender(mail) as MailSender
    senders.set(mail, sender)
  }
  return sender
}

/** Issue 30, sending (docs/decisions/061-newsletters.md): a post as a newsletter, its test and preview. */
export const newslettersApi = new Hono<AppEnv>()
  .get('/newsletters', allow('newsletters'), async (c) => c.json({ newsletters: await listNewsletters(c.var.db) }))
  .get('/blog/:id/newsletter', allow('newsletters'), idParam, async (c) => {
    const id = c.req.valid('param').id
    if (!(await getPostById(c.var.db, id))) return apiError(c, 404, NOT_FOUND)
    const row = await newsletterOfPost(c.var.db, id)
    return c.json({ newsletter: row ? toNewsletter(row) : null })
  })
  .get('/blog/:id/newsletter/preview', allow('newsletters'), idParam, async (c) =>
    c.json(await previewNewsletter(c.var.db, { config: c.var.config }, c.req.valid('param').id)),
  )
  .post('/blog/:id/newsletter', allow('newsletters'), idParam, validate('json', NewsletterInput), async (c) => {
    if (!c.var.config.mail) return apiError(c, 503, NEWSLETTER_MAIL_NOT_CONFIGURED)
    const { db, services } = c.var
    const id = c.req.valid('param').id
    await services.jobs.ready()
    const row = await db.transaction((tx) =>
      createNewsletter(tx, services.jobs, id, { ...c.req.valid('json'), userId: c.var.userId }),
    )
    await recordFrom(c, {
      kind: 'post.update',
      object: { type: 'post', id, label: row.subject },
      detail: 'sent as a newsletter',
    })
    return c.json({ newsletter: toNewsletter(row) }, 202)
  })
  .post('/blog/:id/newsletter/test', allow('newsletters'), idParam, validate('json', TestSendInput), async (c) => {
    const mail = c.var.config.mail
    if (!mail) return apiError(c, 503, NEWSLETTER_MAIL_NOT_CONFIGURED)
    try {
      const { to } = await sendTestNewsletter(
        c.var.db,
        { config: c.var.config, send: senderOf(mail) },
        c.req.valid('param').id,
        c.var.userId as number,
      )
      return c.json({ success: true, message: `Test sent to ${to}.` })
    } catch (error) {
      if (!(error instanceof PermanentMailError || error instanceof TemporaryMailError)) throw error
      return apiError(c, 502, `The mail server did not take the test: ${error.message}`)
    }
  })
