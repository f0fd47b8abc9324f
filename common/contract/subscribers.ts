import { z } from 'zod'
import { Attribution } from '#common/contract/analytics.ts'
import { atMost, required, requiredText, wholeNumber } from '#common/contract/errors.ts'
import { pageCounts } from '#common/contract/page-counts.ts'
import { positiveId } from '#common/contract/posts.ts'
import { CONTACT_EMAIL_MAX, UTM_VALUE_MAX } from '#common/limits.ts'
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
  email: requiredText('Email is required', CONTACT_EMAIL_MAX)
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

// Issue 30, the admin slice: /admin/subscribers lists, exports, imports and erases subscribers
// (docs/decisions/062-subscriber-admin.md).

/** How a subscriber's consent was given: one of the forms, or an import by a member of staff. */
export const CONSENT_FORMS = [...SUBSCRIBE_FORMS, 'import'] as const
export type ConsentForm = (typeof CONSENT_FORMS)[number]

/** What the importer confirms; its version is kept as each imported subscriber's consent version. */
export const SUBSCRIBER_IMPORT_CONSENT_TEXT = 'These people consented to receive new VidQuest blog posts by email.'
export const SUBSCRIBER_IMPORT_CONSENT_VERSION = 'import-2026-11-28'

/** An import's bounds: the CSV's size in bytes (UTF-8) and its data lines. */
export const SUBSCRIBER_IMPORT_BYTES_MAX = 2 * 1024 * 1024
export const SUBSCRIBER_IMPORT_LINES_MAX = 10_000
export const SUBSCRIBER_PAGE_SIZE_MAX = 100

/** An empty query value is no filter. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/**
 * GET /api/admin/subscribers(.csv)?q=&state=&source=&page=&pageSize= . `q`: part of the address;
 * `source`: the first touch's utm_source, else its referring host, else 'direct' ('import' for an
 * imported address without one), as the analytics API names sources.
 */
export const SubscriberListQuery = z.object({
  q: blankIsNone(
    z
      .string()
      .trim()
      .max(CONTACT_EMAIL_MAX, atMost(CONTACT_EMAIL_MAX))
      .transform((v) => v.toLowerCase()),
  ),
  state: blankIsNone(z.enum(SUBSCRIBER_STATES, { error: `Must be one of: ${SUBSCRIBER_STATES.join(', ')}` })),
  source: blankIsNone(
    z
      .string()
      .trim()
      .max(UTM_VALUE_MAX, atMost(UTM_VALUE_MAX))
      .transform((v) => v.toLowerCase()),
  ),
  page: wholeNumber(1, 1_000_000, 1),
  pageSize: wholeNumber(1, SUBSCRIBER_PAGE_SIZE_MAX, 25),
})
export type SubscriberListQuery = z.output<typeof SubscriberListQuery>
export type SubscriberFilter = Omit<SubscriberListQuery, 'page' | 'pageSize'>

export const SubscriberRow = z.object({
  id: z.number().int(),
  email: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
  source: z.string(),
  consentForm: z.enum(CONSENT_FORMS),
  /** When the address was first kept (ISO). */
  subscribedAt: z.string(),
  confirmedAt: z.string().nullable(),
})
export type SubscriberRow = z.infer<typeof SubscriberRow>

export const SubscriberList = z.object({
  subscribers: z.array(SubscriberRow),
  ...pageCounts,
  /** Per state, under the search and source filter (not the state filter): the screen's tabs. */
  counts: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
  }),
  /** Every source the subscribers have, for the filter, most subscribers first. */
  sources: z.array(z.object({ source: z.string(), count: z.number().int() })),
  /** Addresses erased by staff: only this number is kept of them. */
  erased: z.number().int(),
})
export type SubscriberList = z.infer<typeof SubscriberList>

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'state', 'source', 'consent_form', 'subscribed_at', 'confirmed_at']

/** POST /api/admin/subscribers/import: the CSV file's text, with the importer's confirmation. */
export const SubscriberImportInput = z.object({
  csv: z.string(required('Choose a CSV file')).min(1, 'The file is empty'),
  consented: z.literal(true, 'Confirm that these people consented'),
  /** Imported as confirmed (newsletters go to them at once); else pending, and nothing is sent. */
  confirmed: z.boolean('Must be true or false').default(false),
})
export type SubscriberImportInput = z.input<typeof SubscriberImportInput>

export const SubscriberImportResult = z.object({
  added: z.number().int(),
  /** Valid addresses already kept (or twice in the file): left as they were. */
  skipped: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
})
export type SubscriberImportResult = z.infer<typeof SubscriberImportResult>

export const SubscriberErased = z.object({ erased: z.literal(true) })

export const SubscriberId = z.object({ id: positiveId })
