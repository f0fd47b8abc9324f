import { z } from 'zod'
import { wholeNumber } from '#common/contract/errors.ts'
import { pageCounts } from '#common/contract/page-counts.ts'
import { DATE_RANGE_MESSAGE, isWithinApiDates } from '#common/limits.ts'

/**
 * Issue 28, the activity log: who did what to which object, when, from which IP hash. One row per
 * event; docs/decisions/045-activity-log.md. The kinds are a closed list so the filter can refuse a
 * typo; staff.* are recorded by the staff screens (invitations, roles, suspension).
 */
export const ACTIVITY_KINDS = [
  'sign-in',
  'sign-in-failed',
  'post.create',
  'post.update',
  'post.publish',
  'post.unpublish',
  'post.schedule',
  'post.unschedule',
  'post.delete',
  'post.restore',
  'post.review-submit',
  'post.review-withdraw',
  'post.review-changes',
  'x-post.create',
  'x-post.update',
  'x-post.post',
  'x-post.schedule',
  'x-post.unschedule',
  'social-post.create',
  'social-post.update',
  'social-post.post',
  'social-post.schedule',
  'social-post.unschedule',
  'activity.export',
  'staff.invite',
  'staff.role',
  'staff.suspend',
  'profile.update',
  'two-factor.enable',
  'two-factor.disable',
  'two-factor.reset',
  'two-factor.recovery-codes',
  'two-factor.required',
  'two-factor.failed',
  'channel.connect',
  'channel.disconnect',
  'channel.test',
  'channel.slots',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'post.create': 'Created a post',
  'post.update': 'Edited a post',
  'post.publish': 'Published a post',
  'post.unpublish': 'Unpublished a post',
  'post.schedule': 'Scheduled a post',
  'post.unschedule': 'Cancelled a schedule',
  'post.delete': 'Deleted a post',
  'post.restore': 'Restored a revision',
  'post.review-submit': 'Submitted a post for review',
  'post.review-withdraw': 'Withdrew a post from review',
  'post.review-changes': 'Requested changes to a post',
  'x-post.create': 'Created an X post',
  'x-post.update': 'Changed an X post',
  'x-post.post': 'Posted to X',
  'x-post.schedule': 'Scheduled an X post',
  'x-post.unschedule': 'Cancelled an X post schedule',
  'social-post.create': 'Created a social post',
  'social-post.update': 'Changed a social post',
  'social-post.post': 'Posted a social post',
  'social-post.schedule': 'Scheduled a social post',
  'social-post.unschedule': 'Cancelled a social post schedule',
  'activity.export': 'Exported the activity log',
  'staff.invite': 'Invited someone',
  'staff.role': 'Changed a role',
  'staff.suspend': 'Suspended someone',
  'profile.update': 'Changed their profile',
  'two-factor.enable': 'Turned on two-factor sign-in',
  'two-factor.disable': 'Turned off two-factor sign-in',
  'two-factor.reset': "Reset someone's two-factor sign-in",
  'two-factor.recovery-codes': 'Made new recovery codes',
  'two-factor.required': 'Changed the two-factor requirement',
  'two-factor.failed': 'Two-factor code wrong',
  'channel.connect': 'Connected a network',
  'channel.disconnect': 'Disconnected a network',
  'channel.test': 'Tested a network connection',
  'channel.slots': 'Changed posting times',
}

export const ACTIVITY_OBJECT_TYPES = ['post', 'x-post', 'social-post', 'user', 'invitation'] as const
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number]

/** The longest object label and detail kept (a post title is cut to it). */
export const ACTIVITY_TEXT_MAX = 200

export const ActivityEntry = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** null for the schedule (the job queue), an unknown account's failed sign-in, or a deleted account. */
  userId: z.number().int().nullable(),
  /** Their username at the time; null for the schedule and an unknown account. */
  person: z.string().nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  objectType: z.enum(ACTIVITY_OBJECT_TYPES).nullable(),
  objectId: z.number().int().nullable(),
  /** A short label of the object at the time, e.g. the post's title. */
  objectLabel: z.string().nullable(),
  /** A word more, e.g. 'on schedule', 'status published', 'suspended account'. */
  detail: z.string().nullable(),
  /** hash(the day's salt, IP), 16 hex characters; never the IP. */
  ipHash: z.string().nullable(),
})
export type ActivityEntry = z.infer<typeof ActivityEntry>

/** Someone who appears in the log: a user id, or null with name 'the schedule'. */
export const ActivityPerson = z.object({ id: z.number().int().nullable(), name: z.string() })
export type ActivityPerson = z.infer<typeof ActivityPerson>

export const ActivityList = z.object({
  entries: z.array(ActivityEntry),
  ...pageCounts,
  /** Everyone the log names (for the person filter), by name. */
  people: z.array(ActivityPerson),
})
export type ActivityList = z.infer<typeof ActivityList>

export const ACTIVITY_PAGE_SIZE_MAX = 200
const DAY_MS = 86_400_000

/** `person` of the filter for what the schedule did by itself. */
export const SYSTEM_PERSON = 'system'

const Bound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Must be a date (YYYY-MM-DD) or a date and time in ISO 8601 with an offset',
  })
  .refine(isWithinApiDates, DATE_RANGE_MESSAGE)

/**
 * GET /api/admin/activity(.csv)?person=&kind=&from=&to=&page=&pageSize= . `person` is a user id or
 * 'system'; `from` and `to` are moments or dates (a date `from` is its UTC midnight, a date `to`
 * takes in its whole UTC day). Empty values are no filter.
 */
export const ActivityQuery = z
  .object({
    person: z
      .string()
      .trim()
      .regex(/^(?:[1-9]\d{0,9}|system)$/, "Must be a user id or 'system'")
      .optional()
      .or(z.literal('').transform(() => undefined)),
    kind: z
      .enum(ACTIVITY_KINDS, { error: `Must be one of: ${ACTIVITY_KINDS.join(', ')}` })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    from: Bound.optional().or(z.literal('').transform(() => undefined)),
    to: Bound.optional().or(z.literal('').transform(() => undefined)),
    page: wholeNumber(1, 1_000_000, 1),
    pageSize: wholeNumber(1, ACTIVITY_PAGE_SIZE_MAX, 50),
  })
  .transform(({ person, from, to, ...rest }) => ({
    ...rest,
    person: (person === undefined ? undefined : person === SYSTEM_PERSON ? SYSTEM_PERSON : Number(person)) as
      | number
      | typeof SYSTEM_PERSON
      | undefined,
    from: from === undefined ? undefined : new Date(from),
    // A date alone means up to the end of that day.
    to: to === undefined ? undefined : new Date(new Date(to).getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(to) ? DAY_MS : 0)),
  }))
  .superRefine(({ from, to }, ctx) => {
    if (from && to && to.getTime() <= from.getTime())
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' })
  })
export type ActivityQuery = z.output<typeof ActivityQuery>
export type ActivityFilter = Omit<ActivityQuery, 'page' | 'pageSize'>
