import { z } from 'zod'
import { Attribution } from '#common/contract/analytics.ts'
import { required } from '#common/contract/errors.ts'
import { CONTACT_EMAIL_MAX } from '#common/limits.ts'

// Issue 30: readers subscribe with double opt-in (docs/decisions/060-subscribers.md).

export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number]

/** Where the reader subscribed: under a post, on /blog, on the landing page, or at /subscribe. */
export const SUBSCRIBE_FORMS = ['post', 'blog', 'landing', 'subscribe'] as const
export type SubscribeForm = (typeof SUBSCRIBE_FORMS)[number]

/** The consent line the forms show; its version is kept with each subscriber's consent. */
export const SUBSCRIBE_CONSENT_TEXT = 'Email me new VidQuest blog posts. I can unsubscribe at any time.'
export const SUBSCRIBE_CONSENT_VERSION = '2026-11-28'

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

/** The one answer to every accepted subscribe request, whatever the address (no enumeration). */
export const SUBSCRIBE_ANSWER = {
  success: true,
  message: 'Check your inbox: we sent you a link to confirm.',
} as const
export type SubscribeAnswer = typeof SUBSCRIBE_ANSWER

export const ConfirmInput = z.object({
  token: z.string(required('Token is required')).trim().min(1, 'Token is required').max(200, 'Not a valid link'),
})

/** A reader's own link that names nobody (forged, stale, cut short). */
export const MANAGE_LINK_NOT_VALID = 'This link is not valid. Use the link from your latest email from us.'

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
