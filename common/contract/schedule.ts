import { z } from 'zod'
import { Post } from '#common/contract/posts.ts'
import { XPost } from '#common/contract/x-posts.ts'
import { DATE_RANGE_MESSAGE, isWithinApiDates } from '#common/limits.ts'

/** Issue 14: nothing is scheduled further ahead than this (about two years). */
export const SCHEDULE_HORIZON_DAYS = 730
const DAY_MS = 86_400_000

/** A moment in ISO 8601 with its offset ('2026-12-01T09:00:00+01:00' or '…Z'); kept in UTC. */
export const ScheduleTime = z.iso.datetime({
  offset: true,
  error: 'Must be a date and time in ISO 8601 with a time zone offset',
})

/**
 * Why `at` cannot be scheduled at `now`, or null. The server checks with its own clock; the
 * screens ask the same question before they send.
 */
export function scheduleProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return 'Must be a date and time'
  if (at.getTime() <= now.getTime()) return 'Must be in the future'
  if (at.getTime() > now.getTime() + SCHEDULE_HORIZON_DAYS * DAY_MS) return 'Must be within two years from now'
  return null
}

/** POST /api/blog/{id}/schedule */
export const PostScheduleInput = z.object({
  publishAt: ScheduleTime,
  /** Back to draft at this moment; after publishAt. null clears it; left out keeps the one set before. */
  unpublishAt: ScheduleTime.nullish(),
})
export type PostScheduleInput = z.input<typeof PostScheduleInput>

export const PostScheduleResponse = z.object({ success: z.literal(true), message: z.string(), post: Post })
export type PostScheduleResponse = z.infer<typeof PostScheduleResponse>

/** POST /api/x-posts/{id}/schedule */
export const XPostScheduleInput = z.object({
  at: ScheduleTime,
  /** 'Share a thread': the link goes in a first reply instead of the post itself. */
  linkInReply: z.boolean('Must be true or false').optional(),
})
export type XPostScheduleInput = z.input<typeof XPostScheduleInput>

export const XPostScheduleResponse = z.object({ success: z.literal(true), message: z.string(), xPost: XPost })
export type XPostScheduleResponse = z.infer<typeof XPostScheduleResponse>

/** The widest range one calendar request may ask for (a year view and a margin). */
export const CALENDAR_RANGE_DAYS = 400

/** GET /api/calendar?from=&to= : ISO 8601 moments, or dates (a date is its UTC midnight). */
const CalendarBound = z
  .union([z.iso.date(), ScheduleTime], {
    error: 'Must be a date (YYYY-MM-DD) or a date and time in ISO 8601 with an offset',
  })
  .refine(isWithinApiDates, DATE_RANGE_MESSAGE)
export const CalendarQuery = z
  .object({ from: CalendarBound, to: CalendarBound })
  .transform(({ from, to }) => ({ from: new Date(from), to: new Date(to) }))
  .superRefine(({ from, to }, ctx) => {
    if (to.getTime() <= from.getTime()) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' })
    else if (to.getTime() - from.getTime() > CALENDAR_RANGE_DAYS * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Must be at most ${CALENDAR_RANGE_DAYS} days after from` })
    }
  })

export const CALENDAR_ITEM_TYPES = ['post', 'x-post'] as const
export const CALENDAR_STATUSES = ['scheduled', 'published', 'failed'] as const

export const CalendarItem = z.object({
  type: z.enum(CALENDAR_ITEM_TYPES),
  /** The post's id (type 'post') or the X post's id (type 'x-post'). */
  id: z.number().int(),
  /** The blog post: the item itself, or the one the X post promotes. */
  postId: z.number().int(),
  /** The blog post's title. */
  title: z.string(),
  /** The X post's text (type 'x-post'); null for posts. */
  text: z.string().nullable(),
  /** When it is due (scheduled), went live (published) or was due (failed): ISO 8601, UTC. */
  at: z.string(),
  status: z.enum(CALENDAR_STATUSES),
  /** Why it failed (X's answer), for failed X posts; else null. */
  error: z.string().nullable(),
})
export type CalendarItem = z.infer<typeof CalendarItem>

/** Ordered by `at`, then type and id. */
export const CalendarResponse = z.object({ items: z.array(CalendarItem) })
export type CalendarResponse = z.infer<typeof CalendarResponse>
