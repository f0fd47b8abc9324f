import { z } from 'zod'
import { CHANNELS } from '#common/channel-names.ts'
import { BasedOn, Post } from '#common/contract/posts.ts'
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

/**
 * Issue 27: what a post's scheduled X posts do when the post gets a new publish time. 'move' (the
 * default, as in Buffer or Ghost): each moves by as much as the post, and any that would still go
 * out before it then goes right after it. 'keep': they stay where they are, and the move is
 * refused if any would then go out before the post. docs/decisions/035 (addendum).
 */
export const X_POSTS_CHOICES = ['move', 'keep'] as const
export type XPostsChoice = (typeof X_POSTS_CHOICES)[number]

/** POST /api/blog/{id}/schedule */
export const PostScheduleInput = z.object({
  publishAt: ScheduleTime,
  /** Back to draft at this moment; after publishAt. null clears it; left out keeps the one set before. */
  unpublishAt: ScheduleTime.nullish(),
  /** Its scheduled X posts: 'move' with it (left out) or 'keep' where they are. */
  xPosts: z.enum(X_POSTS_CHOICES, { error: "Must be 'move' or 'keep'" }).default('move'),
  /** Issue 30: also send it as a newsletter when it goes live. */
  sendNewsletter: z.boolean('Must be true or false').optional(),
  /** Issue 28: the version this was based on (or If-Match); left out, not checked. */
  ...BasedOn,
})
export type PostScheduleInput = z.input<typeof PostScheduleInput>

export const PostScheduleResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  post: Post,
  /** The X posts whose time changed with the post ('move'); empty when none did. */
  movedXPosts: z.array(XPost),
})
export type PostScheduleResponse = z.infer<typeof PostScheduleResponse>

/** POST /api/x-posts/{id}/schedule: a time, or `afterArticle: true` for right when its article goes live. */
export const XPostScheduleInput = z
  .object({
    at: ScheduleTime.optional(),
    /** Right after its article: the article's scheduled publish time (it must have one). */
    afterArticle: z.boolean('Must be true or false').optional(),
    /** 'Share a thread': the link goes in a first reply instead of the post itself. */
    linkInReply: z.boolean('Must be true or false').optional(),
  })
  .superRefine(({ at, afterArticle }, ctx) => {
    if (at && afterArticle)
      ctx.addIssue({ code: 'custom', path: ['afterArticle'], message: 'Send either at or afterArticle, not both' })
    else if (!at && !afterArticle)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'Must be a date and time, or send afterArticle: true' })
  })
export type XPostScheduleInput = z.input<typeof XPostScheduleInput>

/**
 * The body of a 409 from POST /api/x-posts/{id}/schedule that is about its article's time:
 * `articleAt` is when the article goes live (ISO 8601, UTC), or null for a draft without a publish
 * time, so a screen can say it on the reader's own clock.
 */
export const XPostTimingConflict = z.object({ error: z.string(), articleAt: z.string().nullable() })
export type XPostTimingConflict = z.infer<typeof XPostTimingConflict>

/** What a scheduled X post waits for: its article going live ('article'), or its article getting a time at all. */
export const X_POST_WAITS = ['article', 'unscheduled-article'] as const
export type XPostWait = (typeof X_POST_WAITS)[number]

/** Whether an article is live, and when it goes live if it is scheduled. */
export interface ArticleTiming {
  isPublished: boolean
  scheduledAt: Date | string | null
}

/**
 * Issue 27: when a scheduled X post really goes to X. It never links to a draft, so while its
 * article is not live it waits for it (server/jobs/post-to-x.ts): it goes out at its own time, or
 * right after its article when that goes live at or after it ('article'). An article that is a
 * draft without a publish time keeps it waiting for good ('unscheduled-article'; `at` is then its
 * own time, which has no meaning until the article is published).
 */
export function xPostTiming(at: Date | string, article: ArticleTiming): { at: Date; waitsFor: XPostWait | null } {
  const own = new Date(at)
  if (article.isPublished) return { at: own, waitsFor: null }
  if (article.scheduledAt === null) return { at: own, waitsFor: 'unscheduled-article' }
  const live = new Date(article.scheduledAt)
  return live.getTime() >= own.getTime() ? { at: live, waitsFor: 'article' } : { at: own, waitsFor: null }
}

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
  /**
   * When it is due (scheduled), went live (published) or was due (failed): ISO 8601, UTC. A
   * scheduled X post is there when it really goes out: right after its article if that is later.
   */
  at: z.string(),
  status: z.enum(CALENDAR_STATUSES),
  /** Why it failed (X's answer), for failed X posts; else null. */
  error: z.string().nullable(),
  /** A scheduled X post waiting for its article (see xPostTiming); null otherwise. */
  waitsFor: z.enum(X_POST_WAITS).nullable().default(null),
  /** A post: how many of its X posts are scheduled (they move with it by default); 0 for X posts. */
  scheduledXPosts: z.number().int().default(0),
  /** Issue 29: a social post's network (type 'x-post' is any network's social post); null for posts. */
  channel: z.enum(CHANNELS).nullable().default(null),
})
export type CalendarItem = z.infer<typeof CalendarItem>

/** Ordered by `at`, then type and id. */
export const CalendarResponse = z.object({ items: z.array(CalendarItem) })
export type CalendarResponse = z.infer<typeof CalendarResponse>
