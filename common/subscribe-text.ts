// Issue 30: what the subscribe forms say and send, without zod, so the public pages that show
// a form (the landing page, a post, /blog) do not load it (docs/decisions/063). The contract
// (common/contract/subscribers.ts) builds its schemas on these.

export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number]

/** Where the reader subscribed: under a post, on /blog, on the landing page, or at /subscribe. */
export const SUBSCRIBE_FORMS = ['post', 'blog', 'landing', 'subscribe'] as const
export type SubscribeForm = (typeof SUBSCRIBE_FORMS)[number]

/** The consent line the forms show; its version is kept with each subscriber's consent. */
export const SUBSCRIBE_CONSENT_TEXT = 'Email me new VidQuest blog posts. I can unsubscribe at any time.'
export const SUBSCRIBE_CONSENT_VERSION = '2026-11-28'

/** The one answer to every accepted subscribe request, whatever the address (no enumeration). */
export const SUBSCRIBE_ANSWER = {
  success: true,
  message: 'Check your inbox: we sent you a link to confirm.',
} as const
export type SubscribeAnswer = typeof SUBSCRIBE_ANSWER

/** A reader's own link that names nobody (forged, stale, cut short). */
export const MANAGE_LINK_NOT_VALID = 'This link is not valid. Use the link from your latest email from us.'
