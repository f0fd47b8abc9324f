// Short-link clicks: a redirect appends its click to the instance's click log and hands it to the
// ClickRecorder, which writes clicks in batches. docs/decisions/012-click-recording-in-batches.md,
// docs/decisions/041-crash-safe-clicks.md
import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import type { XPostAnalytics } from '#common/contract/x-posts.ts'
import { IP_ADDRESS_MAX } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { clickIpHours, clickLogSegments, clickTracking, xPosts } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { BatchQueue, type BatchQueueOptions } from '#server/services/batch-queue.ts'
import type { ClickLog, LoggedClickFields, LogPosition } from '#server/services/click-log.ts'

/** A repeat from the same IP and user agent within this window is a click, not a new unique one. */
export const UNIQUE_WINDOW_MS = 30 * 60 * 1000
export const USER_AGENT_MAX = 512
export const REFERRER_MAX = 2_048
export const TOP_REFERRERS = 10

export interface Click extends LoggedClickFields {
  /** Where the click log holds it; a click with a position is written once, whatever the retries. */
  logged?: LogPosition
}

/** 'https://www.t.co/x?y' → 'www.t.co'; null when there is no usable referrer (counted as 'direct'). */
export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null
  try {
    const host = new URL(referrer).hostname.toLowerCase()
    return host ? host.slice(0, 255) : null
  } catch {
    return null
  }
}

/**
 * Marks each click that repeats an earlier click of the same batch (same X post, IP and user
 * agent, less than 30 minutes before). Earlier batches are checked in SQL when the batch is written.
 */
export function repeatsWithinBatch(clicks: readonly Click[]): boolean[] {
  const order = clicks.map((_, i) => i).sort((a, b) => clicks[a]!.clickedAt.getTime() - clicks[b]!.clickedAt.getTime())
  const last = new Map<string, number>()
  const repeats = new Array<boolean>(clicks.length).fill(false)
  for (const i of order) {
    const c = clicks[i]!
    const key = `${c.xPostId}\u0000${c.ipAddress}\u0000${c.userAgent ?? ''}`
    const t = c.clickedAt.getTime()
    const previous = last.get(key)
    repeats[i] = previous !== undefined && t - previous < UNIQUE_WINDOW_MS
    last.set(key, t)
  }
  return repeats
}

interface Tally {
  clicks: number
  unique: number
  bots: number
}

export interface WriteClicksOptions {
  /**
   * The database has one connection (PGlite): nothing can delete an X post between the INSERT's
   * join on x_posts and the commit, so the join alone keeps click_tracking's foreign key true and
   * the INSERT skips the key's check, a trigger per row that cost a third of a click's write there
   * (~11 of ~33 µs of CPU under --liftoff-only). On PostgreSQL another connection can delete the
   * X post meanwhile, and the check (its row lock) is what keeps the key; it stays.
   */
  oneConnection?: boolean
}

/**
 * Writes one batch in one transaction: one INSERT for every person's click (dropping clicks of
 * X posts deleted meanwhile), then one atomic `count = count + n` per X post, in id order so two
 * instances flushing at once take the row locks in the same order.
 */
export async function writeClicks(
  db: Db,
  batch: readonly Click[],
  { oneConnection = false }: WriteClicksOptions = {},
): Promise<void> {
  if (batch.length === 0) return
  const reached = new Map<string, number>()
  for (const c of batch) {
    if (c.logged && c.logged.end > (reached.get(c.logged.segment) ?? 0)) reached.set(c.logged.segment, c.logged.end)
  }

  await db.transaction(async (tx) => {
    let todo = batch
    if (reached.size > 0) {
      // Logged clicks the database already has (a replay after a crash between a commit and the
      // segment's deletion, or a batch retried after a lost answer to its commit) are left out.
      const segments = [...reached.keys()].sort()
      const applied = await tx
        .select()
        .from(clickLogSegments)
        .where(inArray(clickLogSegments.segment, segments))
        .for('update')
      if (applied.length > 0) {
        const has = new Map(applied.map((r) => [r.segment, r.appliedBytes]))
        todo = batch.filter((c) => !c.logged || c.logged.end > (has.get(c.logged.segment) ?? 0))
      }
      await tx
        .insert(clickLogSegments)
        .values(segments.map((segment) => ({ segment, appliedBytes: reached.get(segment) as number })))
        .onConflictDoUpdate({
          target: clickLogSegments.segment,
          set: { appliedBytes: sql`greatest(${clickLogSegments.appliedBytes}, excluded.applied_bytes)` },
        })
    }
    const people = todo.filter((c) => !c.bot)
    const tallies = new Map<number, Tally>()
    const tally = (id: number) => {
      let t = tallies.get(id)
      if (!t) {
        t = { clicks: 0, unique: 0, bots: 0 }
        tallies.set(id, t)
      }
      return t
    }
    for (const c of todo) if (c.bot) tally(c.xPostId).bots += 1
    if (people.length > 0) {
      const repeats = repeatsWithinBatch(people)
      // One array per column (unnest) rather than a VALUES list: 7 parameters instead of 7 per
      // click, which cuts the cost of a 1,000-click batch on PGlite by about a third.
      const column = <T>(pick: (c: Click) => T) => sql.param(people.map(pick))
      // 'replica' fires no ordinary trigger, and click_tracking has none but its foreign key's;
      // back to 'origin' right after, for the rest of the transaction.
      if (oneConnection) await tx.execute(sql`set local session_replication_role = replica`)
      // Unique = not a repeat within this batch, and no stored click from the same IP and user
      // agent in the 30 minutes before (served by click_tracking_repeat_lookup).
      // The tallies come back per X post, not per click: a 5,000-click batch answers a few rows.
      // The times go as milliseconds since 1970, not ISO text: exact (the product stays a whole
      // number of microseconds far within a double), and ~3 µs of CPU a click cheaper on PGlite
      // than parsing a timestamptz.
      const inserted = await tx.execute(sql`
        with written as (
        insert into ${clickTracking} (x_post_id, ip_address, user_agent, referrer, referrer_host, clicked_at, is_unique)
        select v.x_post_id, v.ip, v.ua, v.ref, v.host, t.at,
          not v.repeat and not exists (
            select 1 from ${clickTracking} p
            where p.x_post_id = v.x_post_id and p.ip_address = v.ip
              and p.user_agent is not distinct from v.ua
              and p.clicked_at > t.at - interval '30 minutes' and p.clicked_at <= t.at
          )
        from unnest(
          ${column((c) => c.xPostId)}::integer[],
          ${column((c) => c.ipAddress.slice(0, IP_ADDRESS_MAX))}::varchar[],
          ${column((c) => c.userAgent?.slice(0, USER_AGENT_MAX) ?? null)}::text[],
          ${column((c) => c.referrer?.slice(0, REFERRER_MAX) ?? null)}::text[],
          ${column((c) => referrerHost(c.referrer))}::varchar[],
          ${column((c) => c.clickedAt.getTime())}::int8[],
          ${sql.param(repeats)}::boolean[]
        ) as v(x_post_id, ip, ua, ref, host, ms, repeat)
        cross join lateral (select timestamptz 'epoch' + v.ms * interval '1 millisecond' as at) t
        join ${xPosts} x on x.id = v.x_post_id
        returning id, x_post_id, is_unique, clicked_at),
        -- Where each hour's clicks lie, for the IP retention: a row an hour, not an index entry a
        -- click (docs/decisions/069). In hour order, so concurrent batches lock the rows alike.
        hours as (
        insert into ${clickIpHours} (hour, first_id, last_id)
        select date_trunc('hour', clicked_at, 'UTC'), min(id), max(id) from written group by 1 order by 1
        on conflict (hour) do update set first_id = least(${clickIpHours.firstId}, excluded.first_id),
          last_id = greatest(${clickIpHours.lastId}, excluded.last_id))
        select x_post_id, count(*)::integer as clicks, (count(*) filter (where is_unique))::integer as uniques
        from written group by x_post_id`)
      if (oneConnection) await tx.execute(sql`set local session_replication_role = origin`)
      // pg and PGlite both answer { rows }; pg gives integers as numbers here (int4), PGlite too.
      const { rows: written } = inserted as unknown as {
        rows: { x_post_id: number; clicks: number; uniques: number }[]
      }
      for (const row of written) {
        const t = tally(Number(row.x_post_id))
        t.clicks += Number(row.clicks)
        t.unique += Number(row.uniques)
      }
    }
    for (const [id, t] of [...tallies].sort(([a], [b]) => a - b)) {
      const set: Record<string, SQL> = {}
      if (t.clicks > 0) set.clickCount = sql`${xPosts.clickCount} + ${t.clicks}`
      if (t.unique > 0) set.uniqueClickCount = sql`${xPosts.uniqueClickCount} + ${t.unique}`
      if (t.bots > 0) set.botClickCount = sql`${xPosts.botClickCount} + ${t.bots}`
      if (Object.keys(set).length > 0) await tx.update(xPosts).set(set).where(eq(xPosts.id, id))
    }
  })
}

/** Deletes the rows of segments whose files are gone; a row left by a failure here is harmless. */
async function forgetSegments(db: Db, segments: readonly string[], logger: Logger | undefined) {
  if (segments.length === 0) return
  try {
    await db.delete(clickLogSegments).where(inArray(clickLogSegments.segment, [...segments]))
  } catch (error) {
    logger?.warn({ err: error, segments }, 'click log segment rows could not be deleted')
  }
}

/**
 * The queue between redirects and the database, one per process (on PostgreSQL each instance has
 * its own). With a click log (the server), `record()` appends the click to it before queueing, so
 * a click the redirect acknowledged survives a crash: `replay()` at the next start queues what the
 * database does not have. `close()` writes everything queued; the server awaits it on a clean stop
 * before closing the database.
 */
export class ClickRecorder extends BatchQueue<Click> {
  readonly #db: Db
  readonly #log: ClickLog | null
  readonly #logger: Logger | undefined
  readonly #botVerdicts = new Map<string, boolean>()
  #logFailures = 0
  /** Clicks waiting for the click log's next write (recordThen), and their redirects' answers. */
  #group: Click[] = []
  #answers: (() => void)[] = []

  constructor(db: Db, options: BatchQueueOptions & WriteClicksOptions & { log?: ClickLog } = {}) {
    const log = options.log ?? null
    super(
      async (batch) => {
        await writeClicks(db, batch, options)
        // After the commit: neither may throw, or the queue would write the batch again.
        if (log) await forgetSegments(db, log.committed(positions(batch)), options.logger)
      },
      { what: 'clicks', ...options },
    )
    this.#db = db
    this.#log = log
    this.#logger = options.logger
  }

  /**
   * isbot's answer for a user agent, remembered: its pattern costs a few µs a click, and the same
   * few hundred user agent strings make most clicks. Forgotten all at once past 1,000 strings.
   */
  isBot(userAgent: string): boolean {
    if (userAgent.length > USER_AGENT_MAX) return isbot(userAgent)
    let bot = this.#botVerdicts.get(userAgent)
    if (bot === undefined) {
      bot = isbot(userAgent)
      if (this.#botVerdicts.size >= 1_000) this.#botVerdicts.clear()
      this.#botVerdicts.set(userAgent, bot)
    }
    return bot
  }

  override record(click: Click): boolean {
    if (this.#log && !this.full) {
      try {
        click.logged = this.#log.append(click)
      } catch (error) {
        this.#logFailed(error)
      }
    }
    return super.record(click)
  }

  /**
   * Records a click of a redirect and calls `answer` (which writes the 302) once the click is in
   * the click log. The clicks recorded in one turn of the event loop are appended with one write,
   * at its end (setImmediate), then their answers go out: a write per turn instead of one per
   * click, and still no 302 before its click is in the log. Without a log: at once.
   */
  recordThen(click: Click, answer: () => void): void {
    if (!this.#log) {
      this.record(click)
      answer()
      return
    }
    this.#group.push(click)
    this.#answers.push(answer)
    if (this.#group.length === 1) setImmediate(this.#writeGroup)
  }

  readonly #writeGroup = () => {
    const group = this.#group
    const answers = this.#answers
    this.#group = []
    this.#answers = []
    // The queue's bound applies before the append, as in record(): a dropped click is not logged.
    const room = Math.min(group.length, this.room)
    const { positions, error } = (this.#log as ClickLog).appendGroup(
      room === group.length ? group : group.slice(0, room),
    )
    for (let i = 0; i < positions.length; i++) (group[i] as Click).logged = positions[i]
    if (error !== undefined) this.#logFailed(error)
    for (const click of group) super.record(click)
    for (const answer of answers) {
      try {
        answer()
      } catch (failure) {
        this.#logger?.error({ err: failure }, 'a redirect could not be answered')
      }
    }
  }

  #logFailed(error: unknown) {
    // Still answered and queued, but only in memory: lost if the process dies before its batch.
    this.#logFailures += 1
    if (this.#logFailures === 1 || this.#logFailures % 1_000 === 0) {
      this.#logger?.error({ err: error, failures: this.#logFailures }, 'click could not be appended to the click log')
    }
  }

  /** Queues the clicks of the log's leftover segments that the database does not have; answers how many. */
  async replay(): Promise<number> {
    const log = this.#log
    if (!log || log.leftovers.length === 0) return 0
    const rows = await this.#db
      .select()
      .from(clickLogSegments)
      .where(inArray(clickLogSegments.segment, [...log.leftovers]))
    const applied = new Map(rows.map((r) => [r.segment, r.appliedBytes]))
    let replayed = 0
    for (const segment of log.leftovers) {
      const parsed = log.readLeftover(segment, applied.get(segment) ?? 0)
      if (parsed.skipped > 0 || parsed.partial > 0) {
        this.#logger?.warn(
          { segment, skipped: parsed.skipped, partialBytes: parsed.partial },
          'click log segment had damaged lines; they were skipped',
        )
      }
      this.requeue(parsed.clicks)
      replayed += parsed.clicks.length
    }
    await forgetSegments(this.#db, log.sweep(), this.#logger)
    if (replayed > 0) this.#logger?.info({ clicks: replayed, dir: log.dir }, 'clicks replayed from the click log')
    return replayed
  }

  /**
   * Writes everything queued, then closes the click log (its segments are deleted if the database
   * has them all). Rejects if the database fails; the log then keeps the clicks for the next start.
   */
  async close(): Promise<void> {
    try {
      await this.flush()
    } finally {
      if (this.#log) await forgetSegments(this.#db, this.#log.close(), this.#logger)
    }
  }
}

function* positions(batch: readonly Click[]): Generator<LogPosition> {
  for (const c of batch) if (c.logged) yield c.logged
}

/** GET /api/x-posts/{id}/analytics; null when the X post does not exist. */
export async function clickAnalytics(db: Db, xPostId: number): Promise<XPostAnalytics | null> {
  const [post] = await db
    .select({ clicks: xPosts.clickCount, unique: xPosts.uniqueClickCount, bots: xPosts.botClickCount })
    .from(xPosts)
    .where(eq(xPosts.id, xPostId))
    .limit(1)
  if (!post) return null
  const hour = sql<string>`to_char(date_trunc('hour', ${clickTracking.clickedAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00Z"')`
  const byHour = await db
    .select({ hour, clicks: sql<number>`count(*)::integer` })
    .from(clickTracking)
    .where(eq(clickTracking.xPostId, xPostId))
    .groupBy(hour)
    .orderBy(hour)
  const host = sql<string>`coalesce(${clickTracking.referrerHost}, 'direct')`
  const referrers = await db
    .select({ host, clicks: sql<number>`count(*)::integer` })
    .from(clickTracking)
    .where(eq(clickTracking.xPostId, xPostId))
    .groupBy(host)
    .orderBy(sql`count(*) desc`, host)
    .limit(TOP_REFERRERS)
  return {
    totalClicks: post.clicks,
    uniqueClicks: post.unique,
    clicksByHour: Object.fromEntries(byHour.map((r) => [r.hour, Number(r.clicks)])),
    topReferrers: Object.fromEntries(referrers.map((r) => [r.host, Number(r.clicks)])),
    botClicks: post.bots,
  }
}
