import { z } from 'zod'
import { Attribution } from '#common/contract/analytics.ts'
import { required } from '#common/contract/errors.ts'
import { CONTACT_EMAIL_MAX } from '#common/limits.ts'
import { SUBSCRIBE_FORMS, SUBSCRIBER_STATES } from '#common/subscribe-text.ts'

export {
  MANAGE_LINK_NOT_VALID,
  SUBSCRIBE_ANSWER,
  SUBSCRIBE_CONSENT_TEXT,
  SUBSCRIBE_CONSENT_VERSION,
  SUBSCRIBE_FORMS,
  SUBSCRIBER_STATES,
  type SubscribeAnswer,
  type SubscribeForm,
  type SubscriberState,
} from '#common/subscribe-text.ts'

// Issue 30: readers subscribe with double opt-in (docs/decisions/060-subscribers.md).

export const SubscribeInput = z.object({
  email: z
    .string(required('Email is required'))
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_EMAIL_MAX, `Must be at most ${CONTACT_EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid email address'))
    .transform((v) => v.toLowerCase()),
  consent: z.literal(true, 'Please confirm you want the emails'),
  form: z.enum(SUBSCRIBE_FORMS, `Must be one of ${SUBSCRIBE_FORMS.join(', ')}`).default('subscribe'),
  /** Issue 16: how the reader came (sent by the page's script; absent without JavaScript). */
  attribution: Attribution.nullish(),
  /** Honeypot: hidden from people, filled by naive bots. A filled one is answered as usual and dropped. */
  website: z.string().max(500).optional(),
})
export type SubscribeInput = z.input<typeof SubscribeInput>

export const ConfirmInput = z.object({
  token: z.string(required('Token is required')).trim().min(1, 'Token is required').max(200, 'Not a valid link'),
})

/** A reader's own link: `?token=` signed for one subscriber. */
export const ManageQuery = z.object({
  token: z.string(required('Token is required')).trim().min(1, 'Token is required').max(200, 'Not a valid link'),
})

export const SubscriberStateAnswer = z.object({ state: z.enum(SUBSCRIBER_STATES) })
export type SubscriberStateAnswer = z.infer<typeof SubscriberStateAnswer>

export const SubscriberMe = z.object({
  /** Masked: 'a***@example.com'. */
  email: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
})
export type SubscriberMe = z.infer<typeof SubscriberMe>
