import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Role } from '#common/roles.ts'
import type { Db } from '#server/db/client.ts'
import { sessions, siteSettings, twoFactor, users } from '#server/db/schema.ts'

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is refreshed at most this often, so reading a session is not a write per request. */
const TOUCH_EVERY_MS = 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new 256-bit token; only its hash is stored. */
export async function createSession(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })
  // Issue 28: the staff list's 'last sign-in'.
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId))
  return token
}

/**
 * The signed-in person of a live session (not past its idle or absolute expiry) with their role,
 * else null; a suspended account's sessions are not honoured (issue 28), on every instance at once
 * since each request reads the account. `needsTwoFactor`: the site requires two-factor sign-in and
 * this person has not turned it on (read in the same query).
 */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: number; role: Role; needsTwoFactor: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const tokenHash = hashToken(token)
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS)
  const [row] = await db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      role: users.role,
      needsTwoFactor: sql<boolean>`(coalesce((select ${siteSettings.value} = 'true'::jsonb from ${siteSettings}
        where ${siteSettings.key} = 'require_two_factor'), false)
        and not exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.enabledAt} is not null))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash))
  }
  return { userId: row.userId, role: row.role, needsTwoFactor: row.needsTwoFactor === true }
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

/** Deletes sessions past their absolute expiry or idle for longer than the idle limit. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS)
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id })
  return rows.length
}
