import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { INVITATION_DAYS, type Invitation, type InvitationView, type StaffMember } from '#common/contract/staff.ts'
import { can, ROLE_LABELS, type Role, refusal } from '#common/roles.ts'
import type { Db } from '#server/db/client.ts'
import { sessions, staffInvitations, twoFactor, users } from '#server/db/schema.ts'
import { ensureSlug } from '#server/services/authors.ts'
import { ConflictError, ForbiddenError, GoneError } from '#server/services/errors.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import { hashPassword } from '#server/services/passwords.ts'
import type { Staff } from '#server/services/post-access.ts'
import { seal } from '#server/services/secret-box.ts'

// Issue 28, staff: who is on it, invitations, role changes and suspension. Who may do what is in
// common/roles.ts; the rules that are about people (the owner, oneself) are here.
// docs/decisions/044-staff-roles.md

const DAY_MS = 86_400_000
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Gone: used, revoked or expired. The page says so and makes no account. */
export class InvitationGoneError extends GoneError {}

/** Roles a person may give: Editors invite Authors and Contributors; Administrators any but owner. */
export function mayGiveRole(by: Role, role: Role): boolean {
  if (role === 'owner') return false
  if (can(by, 'staff')) return true
  return by === 'editor' && (role === 'author' || role === 'contributor')
}

export async function listStaff(db: Db): Promise<{ staff: StaffMember[]; invitations: Invitation[] }> {
  const rows = await db.select().from(users).orderBy(asc(users.id))
  const withTwoFactor = new Set(
    (await db.select({ userId: twoFactor.userId }).from(twoFactor).where(isNotNull(twoFactor.enabledAt))).map(
      (r) => r.userId,
    ),
  )
  const inviter = users
  const open = await db
    .select({ invitation: staffInvitations, invitedBy: inviter.username })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(staffInvitations.id))
  return {
    staff: rows.map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      email: u.email,
      role: u.role,
      suspended: u.suspendedAt !== null,
      lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
      twoFactor: withTwoFactor.has(u.id),
    })),
    invitations: open.map(({ invitation: i, invitedBy }) => toInvitation(i, invitedBy)),
  }
}

function toInvitation(i: typeof staffInvitations.$inferSelect, invitedBy: string | null): Invitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    invitedBy,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
    mail: i.mailState,
  }
}

/**
 * A new single-use invitation; answers it with the token of its link (stored only as its hash).
 * With `mail` (mail is set up), its email is queued in the same transaction: the token sealed with
 * the secret box until the email is sent (docs/decisions/055-mail.md).
 */
export async function invite(
  db: Db,
  by: Staff,
  email: string,
  role: Role,
  { now = new Date(), mail }: { now?: Date; mail?: { key: Buffer; queue: JobQueue } } = {},
) {
  if (!mayGiveRole(by.role, role)) {
    throw new ForbiddenError(
      role === 'owner'
        ? 'Nobody is invited as the owner: the owner hands ownership over instead.'
        : `Your role (${ROLE_LABELS[by.role]}) cannot invite ${ROLE_LABELS[role]}s.`,
    )
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, email)).limit(1)
  if (taken)
    throw new ConflictError('Someone on the staff already signs in with this address.', {
      email: 'Already on the staff',
    })
  const token = randomBytes(32).toString('base64url')
  // On PGlite a queue still starting would wait for the one connection the transaction holds.
  await mail?.queue.ready()
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(staffInvitations)
      .values({
        tokenHash: hashToken(token),
        email,
        role,
        invitedBy: by.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        ...(mail ? { mailState: 'queued' as const, mailToken: seal(mail.key, token) } : {}),
      })
      .returning()
    const created = inserted as typeof staffInvitations.$inferSelect
    if (mail) await mail.queue.enqueue(tx, 'invitation-email', { id: created.id, at: now.toISOString() }, now)
    return created
  })
  const [inviter] = await db.select({ username: users.username }).from(users).where(eq(users.id, by.userId))
  return { invitation: toInvitation(row, inviter?.username ?? null), token }
}

export async function revokeInvitation(db: Db, by: Staff, id: number): Promise<boolean> {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, id)).limit(1)
  if (!row || row.acceptedAt || row.revokedAt) return false
  if (!mayGiveRole(by.role, row.role)) throw new ForbiddenError(refusal(by.role, 'staff'))
  await db.update(staffInvitations).set({ revokedAt: new Date(), mailToken: null }).where(eq(staffInvitations.id, id))
  return true
}

async function openInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
    .limit(1)
  if (!row) throw new InvitationGoneError('This invitation link is not valid. Ask for a new one.')
  if (row.acceptedAt) throw new InvitationGoneError('This invitation has already been used. Sign in instead.')
  if (row.revokedAt) throw new InvitationGoneError('This invitation was withdrawn. Ask for a new one.')
  if (row.expiresAt.getTime() <= now.getTime())
    throw new InvitationGoneError('This invitation has expired. Ask for a new one.')
  return row
}

export async function viewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView> {
  const row = await openInvitation(db, token, now)
  return { email: row.email, role: row.role }
}

/**
 * Makes the account of an invitation, once: the invitation is claimed in the same transaction
 * (a second acceptance, even at the same moment, finds it used). Answers the new user's id.
 */
export async function acceptInvitation(db: Db, token: string, name: string, password: string, now = new Date()) {
  await openInvitation(db, token, now)
  const hash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, mailToken: null })
      .where(and(eq(staffInvitations.tokenHash, hashToken(token)), isNull(staffInvitations.acceptedAt)))
      .returning()
    if (!claimed) throw new InvitationGoneError('This invitation has already been used. Sign in instead.')
    const [user] = await tx
      .insert(users)
      .values({ username: claimed.email, password: hash, role: claimed.role, name, email: claimed.email })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id })
    if (!user) throw new ConflictError('Someone on the staff already signs in with this address.')
    // Issue 28: their author page's address, from the name they chose.
    await ensureSlug(tx, user.id, name)
    return user.id
  })
}

/**
 * A role change or a suspension. Nobody changes the owner (transfer is the owner's own act), nobody
 * makes an owner this way, and nobody suspends or demotes themselves. A suspension ends the
 * person's sessions at once.
 */
export async function changeStaff(
  db: Db,
  by: Staff,
  id: number,
  change: { role?: Role; suspended?: boolean },
): Promise<StaffMember | null> {
  const [target] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!target) return null
  if (target.role === 'owner') throw new ForbiddenError('The owner cannot be suspended or demoted by anyone else.')
  if (target.id === by.userId) throw new ForbiddenError('You cannot change your own role or suspend yourself.')
  if (!can(by.role, 'staff')) throw new ForbiddenError(refusal(by.role, 'staff'))
  if (change.role === 'owner') throw new ForbiddenError('Ownership is handed over by the owner, not given as a role.')
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(change.role ? { role: change.role } : {}),
        ...(change.suspended === undefined ? {} : { suspendedAt: change.suspended ? new Date() : null }),
      })
      .where(eq(users.id, id))
    if (change.suspended) await tx.delete(sessions).where(eq(sessions.userId, id))
  })
  const { staff } = await listStaff(db)
  return staff.find((s) => s.id === id) ?? null
}

/**
 * The owner hands ownership to another active member of staff, who becomes the owner; the former
 * owner stays on as an Administrator. One owner at every moment: both rows change in one transaction.
 */
export async function transferOwnership(db: Db, by: Staff, id: number): Promise<StaffMember | null> {
  if (!can(by.role, 'ownership')) throw new ForbiddenError(refusal(by.role, 'ownership'))
  const [target] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!target) return null
  if (target.id === by.userId) throw new ForbiddenError('You are the owner already.')
  if (target.suspendedAt) throw new ForbiddenError('Restore this account before handing it ownership.')
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: 'administrator' }).where(eq(users.id, by.userId))
    await tx.update(users).set({ role: 'owner' }).where(eq(users.id, id))
  })
  const { staff } = await listStaff(db)
  return staff.find((s) => s.id === id) ?? null
}
