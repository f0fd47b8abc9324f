import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { ROLE_LABELS } from '#common/roles.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { staffInvitations, users } from '#server/db/schema.ts'
import { type MailSender, PermanentMailError } from '#server/services/mail.ts'
import { open } from '#server/services/secret-box.ts'

// Issue 28: the invitation's email, sent exactly once (docs/decisions/055-mail.md). The invitation
// row and its job are written in one transaction; the job claims the row with a conditional UPDATE
// (a lease) before it talks to the SMTP server and records the outcome after, so two workers, two
// instances or a duplicate job never send it twice, and a run that died mid-send is taken up again:
// at once by its own job when the queue gives that back (a restart after kill -9), else when the
// lease lapses.

/** How long one run holds an invitation's email: longer than nodemailer's timeouts of one send. */
const CLAIM_MS = 2 * 60_000

export const invitationLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/admin/invite/${token}`

export type InvitationMailResult =
  | { sent: true }
  /** Nothing to do: sent or given up already, accepted, withdrawn or expired. */
  | { skipped: true }
  /** Another run holds it until then (in flight, or dead: look again after the lease). */
  | { heldUntil: Date }
  /** Refused: for good (recorded as failed), or for now (the claim released; the job retries). */
  | { refused: string; permanent: boolean }

/**
 * Sends invitation `id`'s email if it is still queued and open. `lastTry`: a temporary refusal is
 * the last one, so it is recorded as failed like a permanent one.
 */
export async function sendInvitationEmail(
  db: Db,
  { key, config, send }: { key: Buffer; config: Pick<Config, 'publicUrl'>; send: MailSender },
  id: number,
  {
    lastTry = false,
    now = new Date(),
    jobId = null,
  }: {
    lastTry?: boolean
    now?: Date
    /** The queue job of this run: a claim it held in a run that died is its own again. */
    jobId?: string | null
  } = {},
): Promise<InvitationMailResult> {
  const [claimed] = await db
    .update(staffInvitations)
    .set({ mailClaimedUntil: new Date(now.getTime() + CLAIM_MS), mailClaimJob: jobId })
    .where(
      and(
        eq(staffInvitations.id, id),
        eq(staffInvitations.mailState, 'queued'),
        or(
          isNull(staffInvitations.mailClaimedUntil),
          lt(staffInvitations.mailClaimedUntil, now),
          jobId === null ? undefined : eq(staffInvitations.mailClaimJob, jobId),
        ),
      ),
    )
    .returning()
  if (!claimed) {
    const [row] = await db
      .select({ state: staffInvitations.mailState, until: staffInvitations.mailClaimedUntil })
      .from(staffInvitations)
      .where(eq(staffInvitations.id, id))
    return row?.state === 'queued' && row.until ? { heldUntil: row.until } : { skipped: true }
  }
  const finish = (set: Partial<typeof staffInvitations.$inferInsert>) =>
    db
      .update(staffInvitations)
      .set({ mailClaimedUntil: null, mailClaimJob: null, ...set })
      .where(eq(staffInvitations.id, id))
  // Accepted, withdrawn or expired before its turn: the link opens nothing, so nothing is sent.
  if (!claimed.mailToken || claimed.acceptedAt || claimed.revokedAt || claimed.expiresAt <= now) {
    await finish({ mailState: 'failed', mailToken: null, mailError: 'Not sent: the invitation was no longer open.' })
    return { skipped: true }
  }
  const [inviter] = claimed.invitedBy
    ? await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, claimed.invitedBy))
    : []
  const role = ROLE_LABELS[claimed.role]
  const by = inviter ? (inviter.name ?? inviter.username) : 'Someone'
  const until = claimed.expiresAt.toUTCString().replace('GMT', 'UTC')
  let url: string
  try {
    url = invitationLink(config, open(key, claimed.mailToken))
  } catch (error) {
    // SECRET_KEY changed since it was queued: no retry can open it. The inviter still has the link.
    const reason = error instanceof Error ? error.message : String(error)
    await finish({ mailState: 'failed', mailToken: null, mailError: reason })
    return { refused: reason, permanent: true }
  }
  try {
    await send({
      to: claimed.email,
      subject: "You're invited to the VidQuest team",
      paragraphs: [
        `${by} invited you to join the VidQuest team as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.`,
        `Open the link to choose your name and password. It works once, until ${until}.`,
        'If you did not expect this, you can ignore this email.',
      ],
      link: { label: 'Join the team', url },
      messageId: `<invitation-${claimed.id}-${claimed.tokenHash.slice(0, 16)}@${new URL(config.publicUrl).hostname}>`,
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const permanent = error instanceof PermanentMailError
    if (permanent || lastTry) {
      await finish({ mailState: 'failed', mailToken: null, mailError: reason.slice(0, 500) })
    } else {
      await finish({ mailError: reason.slice(0, 500) })
    }
    return { refused: reason, permanent }
  }
  await finish({ mailState: 'sent', mailToken: null, mailedAt: new Date(), mailError: null })
  return { sent: true }
}
