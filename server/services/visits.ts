// Issue 16: public page views, recorded without cookies and without IP addresses, queued and
// written in batches like clicks. docs/decisions/036-cookieless-analytics.md
import { createHash, randomBytes } from 'node:crypto'
import Bowser from 'bowser'
import { eq, sql } from 'drizzle-orm'
import type { Device, Touch } from '#common/contract/analytics.ts'
import type { Db } from '#server/db/client.ts'
import { analyticsSalts, blogPosts, visits, xPosts } from '#server/db/schema.ts'
import { BatchQueue, type BatchQueueOptions } from '#server/services/batch-queue.ts'
import { USER_AGENT_MAX } from '#server/services/clicks.ts'

export interface Visit extends Touch {
  path: string
  /** Held only until the batch is written: the hash is made from it, then it is gone. */
  ipAddress: string
  userAgent: string
  visitedAt: Date
}

/** The class of device a user agent names: phones and watches are mobile, tablets tablet, the rest desktop. */
export function deviceOf(userAgent: string): Device {
  const type = Bowser.getParser(userAgent.slice(0, USER_AGENT_MAX)).getPlatformType(true)
  if (type === 'mobile') return 'mobile'
  if (type === 'tablet') return 'tablet'
  return 'desktop'
}

/** The UTC day of a moment: '2026-11-25'. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * A visitor within one day: hash(the day's secret salt, IP, user agent, site), 64 bits in hex. The
 * same person is the same visitor all day and a different one tomorrow; without the salt (deleted
 * after its day) the hash cannot be recomputed from an IP.
 */
export function visitorHash(salt: string, ipAddress: string, userAgent: string, site: string): string {
  return createHash('sha256')
    .update(`${salt}\n${ipAddress}\n${userAgent.slice(0, USER_AGENT_MAX)}\n${site}`)
    .digest('hex')
    .slice(0, 16)
}

/**
 * A client address as the key of a counter (issue 27: the contact throttle), hash(the day's salt,
 * IP) like a visitor's, so the counters table never holds an IP. 64 bits in hex.
 */
export function addressHash(salt: string, ipAddress: string): string {
  return createHash('sha256').update(`${salt}\naddress\n${ipAddress}`).digest('hex').slice(0, 16)
}

/**
 * A client address as throttles key it: its addressHash with the day's salt, so rate_limits never
 * holds an IP (issue 27). It changes at 00:00 UTC, which at most starts one client's window afresh.
 */
export async function throttleAddress(db: Db, ipAddress: string, now = new Date()): Promise<string> {
  return addressHash(await daySalt(db, utcDay(now)), ipAddress)
}

/**
 * A UTC day's random salt, shared by every instance through the database: the first one to ask
 * makes it. The hourly housekeeping deletes those of past days.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflictDoNothing()
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day))
  if (!row) throw new Error(`no analytics salt for ${day}`)
  return row.salt
}

/** Each day's salt (daySalt), remembered here for the day. */
export class DailySalts {
  readonly #known = new Map<string, string>()

  async get(db: Db, day: string): Promise<string> {
    const known = this.#known.get(day)
    if (known) return known
    const salt = await daySalt(db, day)
    // Only today's and yesterday's are worth keeping in memory.
    for (const old of [...this.#known.keys()].filter((d) => d < day)) this.#known.delete(old)
    this.#known.set(day, salt)
    return salt
  }
}

/** '/blog/some-post' → 'some-post'; null for every other page. */
export function slugOfPath(path: string): string | null {
  const match = /^\/blog\/([^/?#]+)\/?(?:[?#].*)?$/.exec(path)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}

/**
 * Writes one batch with one INSERT: the post is found by the path's slug (published posts only),
 * an X post that no longer exists is dropped to null. Referrers from this site itself are not
 * sources.
 */
export async function writeVisits(db: Db, batch: readonly Visit[], site: string, salts: DailySalts): Promise<void> {
  if (batch.length === 0) return
  const daySalts = new Map<string, string>()
  for (const day of new Set(batch.map((v) => utcDay(v.visitedAt)))) daySalts.set(day, await salts.get(db, day))
  const column = <T>(pick: (v: Visit) => T) => sql.param(batch.map(pick))
  await db.execute(sql`
    insert into ${visits} (visited_at, path, post_id, referrer_host, utm_source, utm_medium, utm_campaign, x_post_id, device, visitor_hash)
    select v.at, v.path, p.id, v.host, v.src, v.med, v.camp, x.id, v.device, v.hash
    from unnest(
      ${column((v) => v.visitedAt.toISOString())}::timestamptz[],
      ${column((v) => v.path)}::varchar[],
      ${column((v) => slugOfPath(v.path))}::varchar[],
      ${column((v) => (v.referrer === site ? null : v.referrer))}::varchar[],
      ${column((v) => v.utmSource)}::varchar[],
      ${column((v) => v.utmMedium)}::varchar[],
      ${column((v) => v.utmCampaign)}::varchar[],
      ${column((v) => v.xPostId)}::integer[],
      ${column((v) => deviceOf(v.userAgent))}::varchar[],
      ${column((v) => visitorHash(daySalts.get(utcDay(v.visitedAt)) ?? '', v.ipAddress, v.userAgent, site))}::varchar[]
    ) as v(at, path, slug, host, src, med, camp, x_post_id, device, hash)
    left join ${blogPosts} p on p.slug = v.slug and p.is_published
    left join ${xPosts} x on x.id = v.x_post_id`)
}

/** The queue between the visit beacon and the database, one per process; flushed on a clean stop. */
export class VisitRecorder extends BatchQueue<Visit> {
  constructor(db: Db, site: string, options: BatchQueueOptions = {}) {
    const salts = new DailySalts()
    super((batch) => writeVisits(db, batch, site, salts), { what: 'visits', ...options })
  }
}
