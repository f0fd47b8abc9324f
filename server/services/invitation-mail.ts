import { eq } from 'drizzle-orm'
import { ROLE_LABELS } from '#common/roles.ts'
import type { Config } from '#server/config.ts'
import { staffInvitations, users } from '#server/db/schema.ts'
import { claimedMailer } from '#server/services/claimed-mail.ts'

// Issue 28: the invitation's email, sent exactly once under the row's claim (docs/decisions/055-mail.md,
// server/services/claimed-mail.ts).

export const invitationLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/admin/invite/${token}`

/**
 * Sends invitation `id`'s email if it is still queued and open. `lastTry`: a temporary refusal is
 * the last one, so it is recorded as failed like a permanent one.
 */
export const sendInvitationEmail = claimedMailer(staffInvitations, (db, config) => ({
  // Accepted, withdrawn or expired before its turn: the link opens nothing, so nothing is sent.
  notWanted: (row, now) =>
    row.acceptedAt || row.revokedAt || row.expiresAt <= now ? 'Not sent: the invitation was no longer open.' : null,
  compose: async (row, token) => {
    const [inviter] = row.invitedBy
      ? await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, row.invitedBy))
      : []
    const role = ROLE_LABELS[row.role]
    const by = inviter ? (inviter.name ?? inviter.username) : 'Someone'
    const until = row.expiresAt.toUTCString().replace('GMT', 'UTC')
    return {
      to: row.email,
      subject: "You're invited to the VidQuest team",
      paragraphs: [
        `${by} invited you to join the VidQuest team as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.`,
        `Open the link to choose your name and password. It works once, until ${until}.`,
        'If you did not expect this, you can ignore this email.',
      ],
      link: { label: 'Join the team', url: invitationLink(config, token) },
      messageId: `<invitation-${row.id}-${row.tokenHash.slice(0, 16)}@${new URL(config.publicUrl).hostname}>`,
    }
  },
}))
