import { data } from 'react-router'
import type { SubscribeResult } from '#app/components/subscribe/subscribe-form.tsx'
import { pageContext } from '#app/lib/context.ts'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import { SUBSCRIBE_FORMS, type SubscribeForm, SubscribeInput } from '#common/contract/subscribers.ts'
import { MAIL_NOT_CONFIGURED } from '#server/services/mail.ts'
import { subscribeDeps, subscribeTimed } from '#server/services/subscribers.ts'
import type { Route } from './+types/subscribe'

const isForm = (value: string): value is SubscribeForm => (SUBSCRIBE_FORMS as readonly string[]).includes(value)

/**
 * Any subscribe form posted as a plain form (JavaScript off, or sent before the script ran): the
 * same rules and the same one answer as POST /api/subscribers, shown on this page.
 * docs/decisions/063-subscribe-pages.md
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  let posted: FormData
  try {
    posted = await request.formData()
  } catch {
    posted = new FormData()
  }
  const text = (name: string) => {
    const value = posted.get(name)
    return typeof value === 'string' ? value : ''
  }
  const form = isForm(text('form')) ? (text('form') as SubscribeForm) : 'subscribe'
  const values = { email: text('email').slice(0, 500), form }
  const refused = (status: number, error: string, fields: Record<string, string> = {}, headers = {}) =>
    data<SubscribeResult>({ status: 'refused', error, fields, values }, { status, headers })

  const parsed = SubscribeInput.safeParse({
    email: text('email'),
    consent: posted.get('consent') !== null,
    form,
    website: text('website'),
  })
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error)
    return refused(400, validationSentence(fields), fields)
  }
  const outcome = await subscribeTimed(subscribeDeps(services, services.database.db), clientIp, parsed.data)
  if (outcome.kind === 'throttled') {
    return refused(429, outcome.message, {}, { 'Retry-After': String(outcome.retryAfterSeconds) })
  }
  if (!services.config.mail) {
    services.logger.warn(
      { event: 'subscribe_not_emailed' },
      `Subscription kept, no confirmation sent. ${MAIL_NOT_CONFIGURED}`,
    )
  }
  return data<SubscribeResult>({ status: 'sent' })
}
