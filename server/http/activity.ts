import type { Context } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { clientIp } from '#server/http/middleware.ts'
import { type NewActivity, recordActivity } from '#server/services/activity.ts'

/**
 * Issue 28: one row of the activity log for this request's action, once it has succeeded: by the
 * signed-in person (unless `userId` says otherwise), from the client's address (kept as its hash
 * only). Best effort: it never fails the request (services/activity.ts).
 */
export function recordFrom(
  c: Context<AppEnv>,
  entry: Omit<NewActivity, 'userId' | 'ip'> & { userId?: number | null },
): Promise<void> {
  return recordActivity(c.var.db, { userId: c.var.userId, ip: clientIp(c), ...entry }, c.var.log)
}
