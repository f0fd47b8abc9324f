// Issue 16: cookieless visits and lead attribution. docs/decisions/036-cookieless-analytics.md
import { z } from 'zod'
import { CHANNELS } from '#common/channel-names.ts'
import { atMost } from '#common/contract/errors.ts'
import {
  ANALYTICS_PATH_MAX,
  ANALYTICS_RANGE_DAYS,
  DATE_RANGE_MESSAGE,
  isWithinApiDates,
  REFERRER_HOST_MAX,
  UTM_VALUE_MAX,
} from '#common/limits.ts'

const INT_MAX = 2_147_483_647

/** An optional bounded text: blank or absent is null. */
const optionalText = (max: number) =>
  z
    .string('Must be text')
    .trim()
    .max(max, atMost(max))
    .nullish()
    .transform((v) => (v ? v : null))

const optionalId = z
  .number('Must be a number')
  .int('Must be a whole number')
  .min(1, 'Must be at least 1')
  .max(INT_MAX, 'Must be a valid id')
  .nullish()
  .transform((v) => v ?? null)

/** A site-relative path: '/blog/some-post'. Never the admin area or the API. */
const PublicPath = z
  .string('Must be text')
  .max(ANALYTICS_PATH_MAX, atMost(ANALYTICS_PATH_MAX))
  .regex(/^\/(?!\/)[^\s]*$/, 'Must be a path on this site, starting with /')
  .refine((p) => !/^\/(admin|api)(\/|$|\?)/.test(p), 'Must be a public page')

/** 'news.ycombinator.com': a host name only, never a whole address (it may carry personal data). */
const ReferrerHost = z
  .string('Must be text')
  .trim()
  .toLowerCase()
  .max(REFERRER_HOST_MAX, atMost(REFERRER_HOST_MAX))
  .regex(/^[a-z0-9.-]*$/, 'Must be a host name, like news.ycombinator.com')
  .nullish()
  .transform((v) => (v ? v : null))

/**
 * The first touch of a tab session, kept by the browser in sessionStorage: how the visitor came.
 * `xPostId` comes from the campaign our short links write (utm_campaign=x-post-{id}).
 */
export const Touch = z.strictObject({
  referrer: ReferrerHost,
  utmSource: optionalText(UTM_VALUE_MAX),
  utmMedium: optionalText(UTM_VALUE_MAX),
  utmCampaign: optionalText(UTM_VALUE_MAX),
  xPostId: optionalId,
})
export type Touch = z.output<typeof Touch>

/** POST /api/analytics/visits: one public page view, sent by the browser after it is shown. */
export const VisitInput = Touch.extend({ path: PublicPath })
export type VisitInput = z.input<typeof VisitInput>
export type VisitFields = z.output<typeof VisitInput>

export const VisitResponse = z.object({ success: z.literal(true), counted: z.boolean() })
export type VisitResponse = z.infer<typeof VisitResponse>

/**
 * The optional `attribution` of POST /api/contact: the session's first touch, its landing page,
 * and the first blog post it read.
 */
export const Attribution = Touch.extend({
  landingPath: PublicPath.nullish().transform((v) => v ?? null),
  postId: optionalId,
})
export type Attribution = z.output<typeof Attribution>
export type AttributionInput = z.input<typeof Attribution>

/** An attribution as the inbox shows it: with the title of the post it names (or its X post's). */
export const AttributionView = z.object({
  landingPath: z.string().nullable(),
  referrer: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  xPostId: z.number().int().nullable(),
  /** Issue 29: the network of that social post ('x', 'linkedin', …); null without one. */
  channel: z.enum(CHANNELS).nullable(),
  postId: z.number().int().nullable(),
  postTitle: z.string().nullable(),
})
export type AttributionView = z.infer<typeof AttributionView>

const DAY_MS = 86_400_000
const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const Day = z.iso.date('Must be a date (YYYY-MM-DD)').refine(isWithinApiDates, DATE_RANGE_MESSAGE)

/**
 * GET /api/analytics/overview?from=&to=&postId= : UTC days, both included; by default the 30 days
 * up to today. `postId` narrows every figure to one post (the edit screen's own figures).
 */
export const AnalyticsQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    postId: z.coerce
      .number('Must be a number')
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(INT_MAX, 'Must be a valid id')
      .optional(),
  })
  .transform(({ from, to, postId }) => {
    const end = to ?? isoDay(new Date())
    const start = from ?? isoDay(new Date(Date.parse(end) - 29 * DAY_MS))
    return { from: start, to: end, postId: postId ?? null }
  })
  .superRefine(({ from, to }, ctx) => {
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from' })
    else if (days > ANALYTICS_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Must be at most ${ANALYTICS_RANGE_DAYS} days after from` })
    }
  })
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>

const count = z.number().int().nonnegative()

export const AnalyticsOverview = z.object({
  from: z.string(),
  to: z.string(),
  postId: z.number().int().nullable(),
  /** byDay holds every day of the range, 0 included, oldest first. */
  views: z.object({ total: count, byDay: z.record(z.string(), count) }),
  /** Unique visitors per day (a visitor is only known for one day), summed over the range. */
  visitors: count,
  visitorsByDay: z.record(z.string(), count),
  /** Contact messages received in the range (with or without an attribution). */
  leads: count,
  /** Issue 30: readers who confirmed a subscription in the range (by their first touch below). */
  subscribers: count,
  topPosts: z.array(
    z.object({
      postId: z.number().int(),
      title: z.string(),
      slug: z.string(),
      views: count,
      visitors: count,
      leads: count,
      subscribers: count,
    }),
  ),
  sources: z.array(z.object({ source: z.string(), views: count, leads: count, subscribers: count })),
  devices: z.array(z.object({ device: z.enum(['desktop', 'mobile', 'tablet']), views: count })),
  /**
   * The funnel of each social post (issue 29: every network; named xPosts since issue 16): clicks
   * on its short link → views it brought → leads, and subscribers (issue 30).
   */
  xPosts: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(CHANNELS),
      postId: z.number().int(),
      postTitle: z.string(),
      text: z.string(),
      clicks: count,
      views: count,
      leads: count,
      subscribers: count,
    }),
  ),
  /** Issue 29: the same funnel per network, over all its social posts in the range; networks with none left out. */
  channels: z.array(
    z.object({ channel: z.enum(CHANNELS), clicks: count, views: count, leads: count, subscribers: count }),
  ),
})
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const
export type Device = (typeof DEVICES)[number]

/** How many rows the lists of the overview keep at most. */
export const ANALYTICS_TOP = 10
