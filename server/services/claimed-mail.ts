import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import type { staffInvitations, subscribers } from '#server/db/schema.ts'
import { type MailMessage, type MailSender, PermanentMailError } from '#server/services/mail.ts'
import { open } from '#server/services/secret-box.ts'

// One email per row, sent exactly once (docs/decisions/055-mail.md): the row and its job are
// written in one transaction; the job claims the row with a conditional UPDATE (a lease) before it
// talks to the SMTP server and records the outcome after, so two workers, two instances or a
// duplicate job never send it twice, and a run that died mid-send is taken up again: at once by its
// own job when the queue gives that back (a restart after kill -9), else when the lease lapses.
// Used by the staff invitation (055) and the subscriber's confirmation (060).

/** How long one run holds a row's email: longer than nodemailer's timeouts of one send. */
export const CLAIM_MS = 2 * 60_000

/** A table whose rows carry one email each: its state, sealed link, claim and outcome. */
export type MailRowTable = typeof staffInvitations | typeof subscribers

export type ClaimedMailResult =
  | { sent: true }
  /** Nothing to do: sent or given up already, or the row no longer wants it. */
  | { skipped: true }
  /** Another run holds it until then (in flight, or dead: look again after the lease). */
  | { heldUntil: Date }
  /** Refused: for good (recorded as failed), or for now (the claim released; the job retries). */
  | { refused: string; permanent: boolean }

export interface ClaimOptions {
  /** A temporary refusal is the last one: recorded as failed like a permanent one. */
  lastTry?: boolean
  now?: Date
  /** The queue job of this run: a claim it held in a run that died is its own again. */
  jobId?: string | null
}

type Outcome = {
  mailState?: 'sent' | 'failed'
  mailToken?: null
  mailError: string | null
  mailedAt?: Date
}

/** What one kind of row's email is: whether it is still wanted, and the message with its link. */
export interface MailRowKind<Row> {
  /** Why it is no longer wanted (recorded as failed, nothing sent), or null to send it. */
  notWanted: (row: Row, now: Date) => string | null
  /** The message, given the row and its link's token opened from the sealed copy. */
  compose: (row: Row, token: string) => Promise<MailMessage>
  /** Narrows the outcome's UPDATE beyond the row's id (e.g. only while its token is unchanged). */
  finishWhere?: (row: Row) => ReturnType<typeof and>
}

/**
 * The sender of one kind of row's email (the invitation's, the subscriber's confirmation): row
 * `id`'s email is sent if it is still queued and `kind` (given the database and the site's
 * address) still wants it. `lastTry`: a temporary refusal is the last one, so it is recorded as
 * failed like a permanent one.
 */
export function claimedMailer<T extends MailRowTable>(
  table: T,
  kind: (db: Db, config: Pick<Config, 'publicUrl'>) => MailRowKind<T['$inferSelect']>,
) {
  return (
    db: Db,
    { key, config, send }: { key: Buffer; config: Pick<Config, 'publicUrl'>; send: MailSender },
    id: number,
    options: ClaimOptions = {},
  ): Promise<ClaimedMailResult> => sendClaimedMail(db, table, id, { key, send }, kind(db, config), options)
}

/** Sends row `id`'s email if it is still queued, under the row's claim. */
export async function sendClaimedMail<T extends MailRowTable>(
  db: Db,
  table: T,
  id: number,
  { key, send }: { key: Buffer; send: MailSender },
  { notWanted, compose, finishWhere }: MailRowKind<T['$inferSelect']>,
  { lastTry = false, now = new Date(), jobId = null }: ClaimOptions = {},
): Promise<ClaimedMailResult> {
  // One table or the other: drizzle's builders are typed per table, so the columns are read as one.
  const t = table as typeof subscribers
  const [claimed] = (await db
    .update(t)
    .set({ mailClaimedUntil: new Date(now.getTime() + CLAIM_MS), mailClaimJob: jobId })
    .where(
      and(
        eq(t.id, id),
        eq(t.mailState, 'queued'),
        or(
          isNull(t.mailClaimedUntil),
          lt(t.mailClaimedUntil, now),
          jobId === null ? undefined : eq(t.mailClaimJob, jobId),
        ),
      ),
    )
    .returning()) as unknown as T['$inferSelect'][]
  if (!claimed) {
    const [row] = await db.select({ state: t.mailState, until: t.mailClaimedUntil }).from(t).where(eq(t.id, id))
    return row?.state === 'queued' && row.until ? { heldUntil: row.until } : { skipped: true }
  }
  const finish = (set: Outcome) =>
    db
      .update(t)
      .set({ mailClaimedUntil: null, mailClaimJob: null, ...set })
      .where(finishWhere?.(claimed) ?? eq(t.id, id))
  const unwanted = claimed.mailToken ? notWanted(claimed, now) : 'Not sent: the link was no longer open.'
  if (unwanted !== null || !claimed.mailToken) {
    await finish({ mailState: 'failed', mailToken: null, mailError: unwanted })
    return { skipped: true }
  }
  let message: MailMessage
  try {
    message = await compose(claimed, open(key, claimed.mailToken))
  } catch (error) {
    // SECRET_KEY changed since it was queued: no retry can open it.
    const reason = error instanceof Error ? error.message : String(error)
    await finish({ mailState: 'failed', mailToken: null, mailError: reason })
    return { refused: reason, permanent: true }
  }
  try {
    await send(message)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const permanent = error instanceof PermanentMailError
    await finish(
      permanent || lastTry
        ? { mailState: 'failed', mailToken: null, mailError: reason.slice(0, 500) }
        : { mailError: reason.slice(0, 500) },
    )
    return { refused: reason, permanent }
  }
  await finish({ mailState: 'sent', mailToken: null, mailedAt: new Date(), mailError: null })
  return { sent: true }
}
