// Issue 16: the figures of GET /api/analytics/overview, from the raw visits of the range and the
// daily roll-ups of older ones. docs/decisions/036-cookieless-analytics.md
import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { CHANNELS, type Channel } from '#common/channel-names.ts'
import { ANALYTICS_TOP, type AnalyticsOverview, DEVICES, type Device } from '#common/contract/analytics.ts'
import type { Db } from '#server/db/client.ts'
import {
  blogPosts,
  clickTracking,
  contactSubmissions,
  subscribers,
  visitDayTotals,
  visitRollups,
  visits,
  xPosts,
} from '#server/db/schema.ts'

const DAY_MS = 86_400_000
const X_TEXT_MAX = 140

export interface OverviewRange {
  /** UTC days, both included: '2026-11-01'. */
  from: string
  to: string
  /** Only this post's figures (its views, its leads, its X posts). */
  postId: number | null
}

/** A visit's source: its utm_source, else the host that referred it, else 'direct' (also what a roll-up keeps). */
export const visitSource = sql`coalesce(nullif(lower(${visits.utmSource}), ''), ${visits.referrerHost}, 'direct')`
/** The same rule on a stored first touch (a lead's, issue 16, or a subscriber's, issue 30). */
const touchSource = (attribution: SQLWrapper) =>
  sql`coalesce(nullif(lower(${attribution}->>'utmSource'), ''), nullif(${attribution}->>'referrer', ''), 'direct')`
const touchPost = (attribution: SQLWrapper) => sql`(${attribution}->>'postId')::integer`
const touchXPost = (attribution: SQLWrapper) => sql`(${attribution}->>'xPostId')::integer`
const leadPost = touchPost(contactSubmissions.attribution)

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(pending: Promise<unknown>): Promise<T[]> => ((await pending) as Rows<T>).rows

interface Tally {
  key: string | number
  views: number
  visitors: number
}

/** Every UTC day of the range, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = []
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

export async function analyticsOverview(db: Db, range: OverviewRange): Promise<AnalyticsOverview> {
  const start = new Date(`${range.from}T00:00:00Z`)
  const end = new Date(Date.parse(range.to) + DAY_MS)
  const postFilter = (column: SQLWrapper) => (range.postId === null ? sql`true` : sql`${column} = ${range.postId}`)
  const rawWhere = sql`${visits.visitedAt} >= ${start.toISOString()} and ${visits.visitedAt} < ${end.toISOString()} and ${postFilter(visits.postId)}`
  const rollupWhere = sql`${visitRollups.day} between ${range.from} and ${range.to} and ${postFilter(visitRollups.postId)}`

  /** Views and visitors by one dimension, from the raw visits and the roll-ups together. */
  const viewsBy = (raw: SQL, rollup: SQL, keyType: 'integer' | 'text') =>
    rowsOf<Tally>(
      db.execute(sql`
        select key, sum(views)::integer as views, sum(visitors)::integer as visitors from (
          select (${raw})::${sql.raw(keyType)} as key, count(*) as views, count(distinct ${visits.visitorHash}) as visitors
          from ${visits} where ${rawWhere} group by 1
          union all
          select (${rollup})::${sql.raw(keyType)}, sum(${visitRollups.views}), sum(${visitRollups.visitors})
          from ${visitRollups} where ${rollupWhere} group by 1
        ) t where key is not null group by key`),
    )

  const leadWhere = sql`${contactSubmissions.createdAt} >= ${start.toISOString()} and ${contactSubmissions.createdAt} < ${end.toISOString()} and ${postFilter(leadPost)}`
  // Issue 30: a subscriber counts on the day they confirmed (a pending address is no subscriber
  // yet); one who left since still subscribed then. An erased address counts no more.
  const subscribedWhere = sql`${subscribers.confirmedAt} >= ${start.toISOString()} and ${subscribers.confirmedAt} < ${end.toISOString()} and ${postFilter(touchPost(subscribers.attribution))}`
  /** Leads (or subscribers) by one dimension of their first touch (those without one have none). */
  const countBy = (key: (attribution: SQLWrapper) => SQL, of: 'leads' | 'subscribers' = 'leads') => {
    const [table, attribution, where] =
      of === 'leads'
        ? [contactSubmissions, contactSubmissions.attribution, leadWhere]
        : [subscribers, subscribers.attribution, subscribedWhere]
    return rowsOf<{ key: string | number; n: number }>(
      db.execute(sql`
        select key, count(*)::integer as n from (
          select ${key(attribution)} as key from ${table}
          where ${where} and ${attribution} is not null
        ) t where key is not null group by key`),
    )
  }

  const dayTotals =
    range.postId === null
      ? sql`select ${visitDayTotals.day}::text, ${visitDayTotals.views}, ${visitDayTotals.visitors} from ${visitDayTotals}
            where ${visitDayTotals.day} between ${range.from} and ${range.to}`
      : sql`select ${visitRollups.day}::text, sum(${visitRollups.views}), sum(${visitRollups.visitors}) from ${visitRollups}
            where ${rollupWhere} group by 1`
  const byDayRows = await rowsOf<{ day: string; views: number; visitors: number }>(
    db.execute(sql`
      select day, sum(views)::integer as views, sum(visitors)::integer as visitors from (
        select to_char(${visits.visitedAt} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as views,
          count(distinct ${visits.visitorHash}) as visitors
        from ${visits} where ${rawWhere} group by 1
        union all ${dayTotals}
      ) t group by day`),
  )
  const [posts, postLeads, sources, sourceLeads, devices, xViews, xLeads, [leadCount]] = await Promise.all([
    viewsBy(sql`${visits.postId}`, sql`${visitRollups.postId}`, 'integer'),
    countBy(touchPost),
    viewsBy(visitSource, sql`${visitRollups.source}`, 'text'),
    countBy(touchSource),
    viewsBy(sql`${visits.device}`, sql`${visitRollups.device}`, 'text'),
    viewsBy(sql`${visits.xPostId}`, sql`${visitRollups.xPostId}`, 'integer'),
    countBy(touchXPost),
    rowsOf<{ n: number }>(db.execute(sql`select count(*)::integer as n from ${contactSubmissions} where ${leadWhere}`)),
  ])
  const [postSubs, sourceSubs, xSubs, [subscribedCount]] = await Promise.all([
    countBy(touchPost, 'subscribers'),
    countBy(touchSource, 'subscribers'),
    countBy(touchXPost, 'subscribers'),
    rowsOf<{ n: number }>(db.execute(sql`select count(*)::integer as n from ${subscribers} where ${subscribedWhere}`)),
  ])
  const xClicks = await rowsOf<{ key: number; clicks: number }>(
    db.execute(sql`
      select ${clickTracking.xPostId} as key, count(*)::integer as clicks from ${clickTracking}
      join ${xPosts} on ${xPosts.id} = ${clickTracking.xPostId}
      where ${clickTracking.clickedAt} >= ${start.toISOString()} and ${clickTracking.clickedAt} < ${end.toISOString()}
        and ${postFilter(xPosts.blogPostId)}
      group by 1`),
  )

  const views: Record<string, number> = {}
  const visitorsByDay: Record<string, number> = {}
  for (const day of daysOf(range.from, range.to)) {
    views[day] = 0
    visitorsByDay[day] = 0
  }
  for (const row of byDayRows) {
    views[row.day] = Number(row.views)
    visitorsByDay[row.day] = Number(row.visitors)
  }
  const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0)

  // Posts and X posts are named from their rows; those deleted since drop out of the lists.
  const leadsOf = (rows: { key: string | number; n: number }[]) =>
    new Map(rows.map((r) => [String(r.key), Number(r.n)]))
  const tallyOf = (rows: Tally[]) => new Map(rows.map((r) => [String(r.key), r]))
  const postTally = tallyOf(posts)
  const postLeadMap = leadsOf(postLeads)
  const postSubMap = leadsOf(postSubs)
  const postIds = [...new Set([...postTally.keys(), ...postLeadMap.keys(), ...postSubMap.keys()].map(Number))]
  const postRows = postIds.length
    ? await db
        .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug })
        .from(blogPosts)
        .where(inArray(blogPosts.id, postIds))
    : []
  const topPosts = postRows
    .map((p) => ({
      postId: p.id,
      title: p.title,
      slug: p.slug,
      views: Number(postTally.get(String(p.id))?.views ?? 0),
      visitors: Number(postTally.get(String(p.id))?.visitors ?? 0),
      leads: postLeadMap.get(String(p.id)) ?? 0,
      subscribers: postSubMap.get(String(p.id)) ?? 0,
    }))
    .sort((a, b) => b.views - a.views || b.leads - a.leads || b.subscribers - a.subscribers || a.postId - b.postId)
    .slice(0, ANALYTICS_TOP)

  const sourceTally = tallyOf(sources)
  const sourceLeadMap = leadsOf(sourceLeads)
  const sourceSubMap = leadsOf(sourceSubs)
  const sourceList = [...new Set([...sourceTally.keys(), ...sourceLeadMap.keys(), ...sourceSubMap.keys()])]
    .map((source) => ({
      source,
      views: Number(sourceTally.get(source)?.views ?? 0),
      leads: sourceLeadMap.get(source) ?? 0,
      subscribers: sourceSubMap.get(source) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.views - a.views || b.leads - a.leads || b.subscribers - a.subscribers || a.source.localeCompare(b.source),
    )
    .slice(0, ANALYTICS_TOP)

  const deviceTally = tallyOf(devices)
  const deviceList = DEVICES.map((device: Device) => ({ device, views: Number(deviceTally.get(device)?.views ?? 0) }))

  const xViewTally = tallyOf(xViews)
  const xLeadMap = leadsOf(xLeads)
  const xSubMap = leadsOf(xSubs)
  const xClickMap = new Map(xClicks.map((r) => [String(r.key), Number(r.clicks)]))
  const xIds = [
    ...new Set([...xViewTally.keys(), ...xLeadMap.keys(), ...xSubMap.keys(), ...xClickMap.keys()].map(Number)),
  ]
  const xRows = xIds.length
    ? await db
        .select({
          id: xPosts.id,
          channel: xPosts.channel,
          postId: xPosts.blogPostId,
          text: xPosts.rewrittenContent,
          postTitle: blogPosts.title,
        })
        .from(xPosts)
        .innerJoin(blogPosts, sql`${blogPosts.id} = ${xPosts.blogPostId}`)
        .where(inArray(xPosts.id, xIds))
    : []
  const funnels = xRows
    .filter((x) => range.postId === null || x.postId === range.postId)
    .map((x) => ({
      id: x.id,
      channel: x.channel as Channel,
      postId: x.postId,
      postTitle: x.postTitle,
      text: x.text.length > X_TEXT_MAX ? `${x.text.slice(0, X_TEXT_MAX - 1)}…` : x.text,
      clicks: xClickMap.get(String(x.id)) ?? 0,
      views: Number(xViewTally.get(String(x.id))?.views ?? 0),
      leads: xLeadMap.get(String(x.id)) ?? 0,
      subscribers: xSubMap.get(String(x.id)) ?? 0,
    }))
  const xPostList = funnels
    .toSorted((a, b) => b.clicks - a.clicks || b.views - a.views || b.leads - a.leads || a.id - b.id)
    .slice(0, ANALYTICS_TOP * 2)
  // Per network, over every social post in the range (not only the listed ones), in CHANNELS order.
  const channelList = CHANNELS.flatMap((channel) => {
    const of = funnels.filter((f) => f.channel === channel)
    if (of.length === 0) return []
    const total = (key: 'clicks' | 'views' | 'leads' | 'subscribers') => of.reduce((n, f) => n + f[key], 0)
    return [
      {
        channel,
        clicks: total('clicks'),
        views: total('views'),
        leads: total('leads'),
        subscribers: total('subscribers'),
      },
    ]
  })

  return {
    from: range.from,
    to: range.to,
    postId: range.postId,
    views: { total: sum(views), byDay: views },
    visitors: sum(visitorsByDay),
    visitorsByDay,
    leads: Number(leadCount?.n ?? 0),
    subscribers: Number(subscribedCount?.n ?? 0),
    topPosts,
    sources: sourceList,
    devices: deviceList,
    xPosts: xPostList,
    channels: channelList,
  }
}
