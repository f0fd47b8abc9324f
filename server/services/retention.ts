import { and, isNotNull, lt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { clickTracking } from '#server/db/schema.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Privacy: blanks the IP address of clicks older than `days` (CLICK_IP_RETENTION_DAYS). The rows
 * stay, and so do every figure built from them: uniqueness was decided when each click was written.
 * Answers how many rows were blanked. Runs hourly from server/boot.ts.
 */
export async function blankExpiredClickIps(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const rows = await db
    .update(clickTracking)
    .set({ ipAddress: null })
    .where(and(isNotNull(clickTracking.ipAddress), lt(clickTracking.clickedAt, cutoff)))
    .returning({ id: clickTracking.id })
  return rows.length
}
