import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import type { ClaimedMailResult } from '#server/services/claimed-mail.ts'
import { sendInvitationEmail } from '#server/services/invitation-mail.ts'
import { createMailSender, MAIL_NOT_CONFIGURED, type MailSender } from '#server/services/mail.ts'

/** Tries in all of an invitation's email the mail server refuses for now (4xx, no connection). */
export const MAIL_TRIES = 5

/**
 * Issue 28: an invitation's email, queued in the invitation's own transaction
 * (docs/decisions/055-mail.md). A temporary refusal tries again with back-off; a permanent one,
 * or the last try, leaves the invitation's email 'failed' with the server's answer.
 */
export const invitationEmailJob = (config: Config): JobDefinition =>
  claimedMailJob(config, 'invitation-email', 'invitation', sendInvitationEmail)

/** Sends one row's email under its claim (055): what `sendInvitationEmail` does for an invitation. */
export type ClaimedMailSend = (
  db: Db,
  deps: { key: Buffer; config: Config; send: MailSender },
  id: number,
  options: { lastTry: boolean; jobId: string },
) => Promise<ClaimedMailResult>

/**
 * A job that sends one row's email exactly once (055), for the invitation and issue 30's
 * subscriber confirmation alike: the row's claim decides, the queue only retries.
 */
export function claimedMailJob(
  config: Config,
  name: 'invitation-email' | 'subscriber-confirmation',
  /** What the log calls the row ('invitation': `invitationId`, 'invitation emailed'). */
  what: 'invitation' | 'subscriber',
  sendOne: ClaimedMailSend,
): JobDefinition {
  let sender: MailSender | null | undefined
  const idField = `${what}Id`
  return {
    name,
    queue: { retryLimit: MAIL_TRIES - 1, retryDelay: config.mailRetryDelaySeconds, retryBackoff: true },
    concurrency: 2,
    batchSize: 5,
    worksHere: config.mail !== null,
    run: async (job, { database: { db }, config, logger, queue, secretKey }) => {
      sender ??= createMailSender(config.mail)
      const { id } = job.data
      if (!sender) {
        // Not reached by the queue (worksHere); a job run by hand on such an instance fails to retry later.
        throw new Error(MAIL_NOT_CONFIGURED)
      }
      const lastTry = job.retryCount >= MAIL_TRIES - 1
      const result = await sendOne(db, { key: secretKey(), config, send: sender }, id, { lastTry, jobId: job.id })
      if ('sent' in result) {
        logger.info({ [idField]: id }, `${what} emailed`)
      } else if ('heldUntil' in result) {
        // Another run holds it: in flight (it settles it), or dead mid-send (its lease lapses).
        await queue.enqueue(db, name, job.data, new Date(result.heldUntil.getTime() + 1_000))
      } else if ('refused' in result) {
        logger.warn(
          { [idField]: id, reason: result.refused, permanent: result.permanent, try: job.retryCount + 1 },
          `${what} email refused`,
        )
        // pg-boss tries it again after its back-off; a permanent or last refusal is recorded already.
        if (!result.permanent && !lastTry) throw new Error(result.refused)
      }
    },
  }
}
