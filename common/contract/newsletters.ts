import { z } from 'zod'
import { atMost } from '#common/contract/errors.ts'

// Issue 30, sending (docs/decisions/061-newsletters.md): a post sent as a newsletter to every
// confirmed subscriber, one outbox row per (newsletter, subscriber).

export const NEWSLETTER_STATES = ['scheduled', 'sending', 'sent', 'cancelled'] as const
export type NewsletterState = (typeof NEWSLETTER_STATES)[number]

export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'bounced'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

export const NEWSLETTER_SUBJECT_MAX = 200
export const NEWSLETTER_PREHEADER_MAX = 200

/** Subject and preheader; left out, the post's title and excerpt. */
export const NewsletterInput = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, 'Subject cannot be empty')
    .max(NEWSLETTER_SUBJECT_MAX, atMost(NEWSLETTER_SUBJECT_MAX))
    .refine((v) => !/[\r\n]/.test(v), 'Must be one line')
    .optional(),
  preheader: z
    .string()
    .trim()
    .max(NEWSLETTER_PREHEADER_MAX, atMost(NEWSLETTER_PREHEADER_MAX))
    .refine((v) => !/[\r\n]/.test(v), 'Must be one line')
    .optional(),
})
export type NewsletterInput = z.input<typeof NewsletterInput>

export const TestSendInput = z.strictObject({})

export interface DeliveryCounts {
  queued: number
  sent: number
  failed: number
  bounced: number
}

export interface Newsletter {
  id: number
  postId: number
  subject: string
  preheader: string
  state: NewsletterState
  sendAt: string
  createdAt: string
  startedAt: string | null
  finishedAt: string | null
}

/** What a newsletter brought (docs/decisions/064-newsletter-results.md). */
export interface NewsletterResults {
  /** Readers who came to the site by its link (distinct visitors). */
  clicks: number
  /** Readers it reached who unsubscribed after it, before their next newsletter. */
  unsubscribes: number
  /** Contact requests whose first touch was its link. */
  leads: number
  /** Confirmed subscribers whose first touch was its link (a forwarded email). */
  subscribers: number
}

export interface NewsletterListItem extends Newsletter {
  postTitle: string
  counts: DeliveryCounts
  results: NewsletterResults
}

export interface NewsletterPreview {
  subject: string
  preheader: string
  html: string
  text: string
}
