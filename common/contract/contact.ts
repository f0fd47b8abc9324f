import { z } from 'zod'
import { Attribution, AttributionView } from '#common/contract/analytics.ts'
import { atMost, required, wholeNumber } from '#common/contract/errors.ts'
import { pageCounts } from '#common/contract/page-counts.ts'
import { CONTACT_COMPANY_MAX, CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#common/limits.ts'

export const ContactInput = z.object({
  name: z
    .string(required('Name is required'))
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_NAME_MAX, atMost(CONTACT_NAME_MAX)),
  email: z
    .string(required('Email is required'))
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_EMAIL_MAX, atMost(CONTACT_EMAIL_MAX))
    .pipe(z.email('Enter a valid email address')),
  company: z
    .string()
    .trim()
    .max(CONTACT_COMPANY_MAX, atMost(CONTACT_COMPANY_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
  message: z
    .string(required('Message is required'))
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX, atMost(CONTACT_MESSAGE_MAX)),
  /** Honeypot: hidden from people, filled by naive bots. A filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
  /** Issue 16: how the sender came (sent by the page's script; absent without JavaScript). */
  attribution: Attribution.nullish(),
})
export type ContactInput = z.input<typeof ContactInput>

export const ContactSubmission = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  attribution: AttributionView.nullable(),
})
export type ContactSubmission = z.infer<typeof ContactSubmission>

export const CONTACT_PAGE_SIZE_MAX = 100
export const ContactListQuery = z.object({
  page: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .default(1),
  pageSize: wholeNumber(1, CONTACT_PAGE_SIZE_MAX, 25),
})

export const ContactList = z.object({
  submissions: z.array(ContactSubmission),
  ...pageCounts,
})
export type ContactList = z.infer<typeof ContactList>
