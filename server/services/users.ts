import { and, count, eq, sql } from 'drizzle-orm'
import type { Role } from '#common/roles.ts'
import type { Db } from '#server/db/client.ts'
import { sessions, users } from '#server/db/schema.ts'
import { ensureSlug } from '#server/services/authors.ts'
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '#server/services/passwords.ts'

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return Number(row?.n ?? 0)
}

export async function findUser(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1)
  return row ?? null
}

/**
 * Creates the user; answers null when the username is taken. Issue 28: the first account of a
 * database is its owner, whatever `role` says; later ones get `role` (administrator by default).
 */
export async function createUser(db: Db, username: string, password: string, role: Role = 'administrator') {
  const hash = await hashPassword(password)
  const [row] = await db
    .insert(users)
    .values({
      username,
      password: hash,
      role: sql<Role>`case when exists (select 1 from ${users}) then ${role} else 'owner' end`,
    })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id, username: users.username, role: users.role })
  // Issue 28: an author page address from the start (the part of the username before any '@').
  if (row) await ensureSlug(db, row.id, username.split('@')[0] || username)
  return row ?? null
}

/** Changes the password and signs the user out everywhere; false when there is no such user. */
export async function setPassword(db: Db, username: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password: hash })
      .where(eq(users.username, username))
      .returning({ id: users.id })
    if (!row) return false
    await tx.delete(sessions).where(eq(sessions.userId, row.id))
    return true
  })
}

/**
 * The user id when the credentials match; the same time is spent when the user does not exist.
 * A hash of an older, cheaper cost is replaced at the first successful sign-in.
 */
export async function checkCredentials(db: Db, username: string, password: string): Promise<number | null> {
  const user = await findUser(db, username)
  if (!user) {
    await burnPasswordCheck(password)
    return null
  }
  if (!(await verifyPassword(password, user.password))) return null
  if (needsRehash(user.password)) {
    // Only if unchanged meanwhile: a reset-password that landed first keeps its new hash.
    await db
      .update(users)
      .set({ password: await hashPassword(password) })
      .where(and(eq(users.id, user.id), eq(users.password, user.password)))
  }
  return user.id
}

/** A member of staff by id, with their role and whether they are suspended; null when unknown. */
export async function findStaff(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  if (!row) return null
  const { suspendedAt, ...rest } = row
  return { ...rest, suspended: suspendedAt !== null }
}
