import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rateLimits } from '#server/db/schema.ts'

/**
 * Counters for rate limits and login lock-outs. `MemoryThrottle` serves one process (PGlite);
 * `SqlThrottle` keeps them in PostgreSQL so that every instance sees the same numbers.
 */
export interface Throttle {
  /** Counts one hit in a fixed window; answers the count so far and when the window ends. */
  hit(key: string, windowMs: number, now?: Date): Promise<{ count: number; resetAt: Date }>
  /** When the key is locked out, until when; else null. */
  lockedUntil(key: string, now?: Date): Promise<Date | null>
  /**
   * Counts a failure; at `threshold` failures the key is locked for baseMs, doubling with each
   * further lock-out (15, 30, 60 min…). Answers the lock end when this failure caused one.
   */
  fail(key: string, threshold: number, baseMs: number, now?: Date): Promise<Date | null>
  /** Forgets the failures and lock-outs of a key (after a successful login). */
  clear(key: string): Promise<void>
  /** Drops entries that no longer matter. */
  prune?(now?: Date): Promise<void>
}

const MAX_LOCK_MS = 24 * 60 * 60 * 1000
/**
 * How long after its last lock-out ended a key keeps its lock-out level when pruned: pruning it
 * sooner would restart a growing lock-out (15, 30, 60 min…) at 15 minutes.
 */
export const ESCALATION_MEMORY_MS = 24 * 60 * 60 * 1000
const lockDuration = (baseMs: number, lockouts: number) =>
  Math.min(baseMs * 2 ** Math.max(0, lockouts - 1), MAX_LOCK_MS)

interface Entry {
  hits: number
  windowStart: number
  failures: number
  lockouts: number
  lockedUntil: number | null
}

export class MemoryThrottle implements Throttle {
  private readonly entries = new Map<string, Entry>()

  private entry(key: string, now: number): Entry {
    let e = this.entries.get(key)
    if (!e) {
      e = { hits: 0, windowStart: now, failures: 0, lockouts: 0, lockedUntil: null }
      this.entries.set(key, e)
    }
    return e
  }

  async hit(key: string, windowMs: number, now = new Date()) {
    const t = now.getTime()
    const e = this.entry(key, t)
    if (t - e.windowStart >= windowMs) {
      e.windowStart = t
      e.hits = 0
    }
    e.hits += 1
    return { count: e.hits, resetAt: new Date(e.windowStart + windowMs) }
  }

  async lockedUntil(key: string, now = new Date()) {
    const until = this.entries.get(key)?.lockedUntil
    return until && until > now.getTime() ? new Date(until) : null
  }

  async fail(key: string, threshold: number, baseMs: number, now = new Date()) {
    const t = now.getTime()
    const e = this.entry(key, t)
    e.failures += 1
    if (e.failures < threshold) return null
    e.failures = 0
    e.lockouts += 1
    e.lockedUntil = t + lockDuration(baseMs, e.lockouts)
    return new Date(e.lockedUntil)
  }

  async clear(key: string) {
    this.entries.delete(key)
  }

  async prune(now = new Date()) {
    const t = now.getTime()
    for (const [key, e] of this.entries) {
      const remembered = e.lockouts > 0 && (e.lockedUntil ?? 0) + ESCALATION_MEMORY_MS > t
      if (e.windowStart < t - MAX_LOCK_MS && !remembered) this.entries.delete(key)
    }
  }
}

export class SqlThrottle implements Throttle {
  private readonly db: Db
  constructor(db: Db) {
    this.db = db
  }

  async hit(key: string, windowMs: number, now = new Date()) {
    const cutoff = new Date(now.getTime() - windowMs)
    // One upsert: a new key starts at 1, an expired window restarts at 1, else the count grows.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, hits: 1, windowStart: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    if (!row) throw new Error('rate limit upsert returned no row')
    return { count: row.hits, resetAt: new Date(row.windowStart.getTime() + windowMs) }
  }

  async lockedUntil(key: string, now = new Date()) {
    const [row] = await this.db
      .select({ lockedUntil: rateLimits.lockedUntil })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null
  }

  async fail(key: string, threshold: number, baseMs: number, now = new Date()) {
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({ target: rateLimits.key, set: { failures: sql`${rateLimits.failures} + 1` } })
      .returning({ failures: rateLimits.failures })
    if (!row || row.failures < threshold) return null
    // Only the request that reached the threshold turns it into a lock-out (the WHERE guards a race).
    const [locked] = await this.db
      .update(rateLimits)
      .set({ failures: 0, lockouts: sql`${rateLimits.lockouts} + 1` })
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.failures} >= ${threshold}`)
      .returning({ lockouts: rateLimits.lockouts })
    if (!locked) return this.lockedUntil(key, now)
    const until = new Date(now.getTime() + lockDuration(baseMs, locked.lockouts))
    await this.db.update(rateLimits).set({ lockedUntil: until }).where(eq(rateLimits.key, key))
    return until
  }

  async clear(key: string) {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key))
  }

  async prune(now = new Date()) {
    const dayAgo = new Date(now.getTime() - MAX_LOCK_MS)
    // lockedUntil is set exactly when lockouts > 0: such a key stays while its level is remembered.
    const forgetLocksBefore = new Date(now.getTime() - ESCALATION_MEMORY_MS)
    await this.db
      .delete(rateLimits)
      .where(
        sql`${rateLimits.windowStart} < ${dayAgo.toISOString()}::timestamptz and coalesce(${rateLimits.lockedUntil}, '-infinity') < ${forgetLocksBefore.toISOString()}::timestamptz`,
      )
  }
}
