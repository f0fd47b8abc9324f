import type { Config } from '#server/config.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import { sendInvitationEmail } from '#server/services/invitation-mail.ts'
import { createMailSender, MAIL_NOT_CONFIGURED, type MailSender } from '#server/services/mail.ts'

/** Tries in all of an invitation's email the mail server refuses for now (4xx, no connection). */
export const MAIL_TRIES = 5

/**
 * Issue 28: an invitation's email, queued in the invitation's own transaction
 * (docs/decisions/055-mail.md). A temporary refusal tries again with back-off; a permanent one,
 * or the last try, leaves the invitation's email 'failed' with the server's answer.
 */
export const invitationEmailJob = (config: Config): JobDefinition => {
  let sender: MailSender | null | undefined
  return {
    name: 'invitation-email',
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
      const result = await sendInvitationEmail(db, { key: secretKey(), config, send: sender }, id, {
        lastTry,
        jobId: job.id,
      })
      if ('sent' in result) {
        logger.info({ invitationId: id }, 'invitation emailed')
      } else if ('heldUntil' in result) {
        // Another run holds it: in flight (it settles it), or dead mid-send (its lease lapses).
        await queue.enqueue(db, 'invitation-email', job.data, new Date(result.heldUntil.getTime() + 1_000))
      } else if ('refused' in result) {
        logger.warn(
          { invitationId: id, reason: result.refused, permanent: result.permanent, try: job.retryCount + 1 },
          'invitation email refused',
        )
        // pg-boss tries it again after its back-off; a permanent or last refusal is recorded already.
        if (!result.permanent && !lastTry) throw new Error(result.refused)
      }
    },
  }
}
