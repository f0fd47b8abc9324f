import { and, asc, between, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  activityLog,
  analyticsSalts,
  clickIpHours,
  clickTracking,
  visitDayTotals,
  visitRollups,
  visits,
} from '#server/db/schema.ts'
import { visitSource } from '#server/services/analytics.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * Privacy: blanks the IP address of clicks older than `days` (CLICK_IP_RETENTION_DAYS). The rows
 * stay, and so do every figure built from them: uniqueness was decided when each click was written.
 * Answers how many rows were blanked. Runs hourly from server/boot.ts.
 *
 * The clicks are found through click_ip_hours, which says where each hour's clicks lie by id: an
 * hour that began before the cutoff has its expired clicks blanked, and once the whole hour is past
 * the cutoff its row goes. An index on clicked_at would find them too, at the cost of an entry
 * written with every click (docs/decisions/069).
 */
export async function blankExpiredClickIps(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const hours = await db
    .select()
    .from(clickIpHours)
    .where(lt(clickIpHours.hour, cutoff))
    .orderBy(asc(clickIpHours.hour))
  let blanked = 0
  for (const { hour, firstId, lastId } of hours) {
    const rows = await db
      .update(clickTracking)
      .set({ ipAddress: null })
      .where(
        and(
          between(clickTracking.id, firstId, lastId),
          isNotNull(clickTracking.ipAddress),
          lt(clickTracking.clickedAt, cutoff),
        ),
      )
      .returning({ id: clickTracking.id })
    blanked += rows.length
    // Done with an hour wholly past the cutoff, unless a batch widened it meanwhile (then next time).
    if (hour.getTime() + HOUR_MS <= cutoff.getTime()) {
      await db
        .delete(clickIpHours)
        .where(and(eq(clickIpHours.hour, hour), eq(clickIpHours.firstId, firstId), eq(clickIpHours.lastId, lastId)))
    }
  }
  return blanked
}

/**
 * Issue 16: visits of whole UTC days older than `days` (ANALYTICS_RETENTION_DAYS) become daily
 * roll-ups (per post, X post, source and device, plus each day's exact totals) and are deleted, in
 * one statement: two instances running it at once cannot count a visit twice, because the second
 * one's delete finds the rows already gone. Answers how many visits were rolled up.
 */
export async function rollUpOldVisits(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS)
  const result = (await db.execute(sql`
    with gone as (
      delete from ${visits} where ${visits.visitedAt} < ${cutoff.toISOString()}
      returning (visited_at at time zone 'UTC')::date as day, post_id, x_post_id,
        ${visitSource} as source, device, visitor_hash
    ),
    totals as (
      insert into ${visitDayTotals} (day, views, visitors)
      select day, count(*), count(distinct visitor_hash) from gone group by day
      on conflict (day) do update set views = ${visitDayTotals.views} + excluded.views,
        visitors = ${visitDayTotals.visitors} + excluded.visitors
    ),
    rolled as (
      insert into ${visitRollups} (day, post_id, x_post_id, source, device, views, visitors)
      select day, post_id, x_post_id, source, device, count(*), count(distinct visitor_hash)
      from gone group by day, post_id, x_post_id, source, device
    )
    select count(*)::integer as n from gone`)) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n ?? 0)
}

/** Issue 16: the salts of days before today. Without them no visitor hash can be made again. */
export async function deleteOldSalts(db: Db, now = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10)
  const rows = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, today))
    .returning({ day: analyticsSalts.day })
  return rows.length
}

/** Issue 28: activity log rows older than `days` (ACTIVITY_RETENTION_DAYS) are deleted. Answers how many. */
export async function deleteOldActivity(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const rows = await db.delete(activityLog).where(lt(activityLog.at, cutoff)).returning({ id: activityLog.id })
  return rows.length
}
