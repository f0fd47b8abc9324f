import type { Config } from '#server/config.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import { createMailSender, type MailSender } from '#server/services/mail.ts'
import { NEWSLETTER_MAIL_NOT_CONFIGURED, runNewsletterSend } from '#server/services/newsletters.ts'

/**
 * Issue 30: sends a newsletter (docs/decisions/061-newsletters.md). One run sends at most
 * MAIL_RATE_PER_MINUTE emails and adds the next run for the rest; the outbox rows' claims decide
 * who sends what, so duplicate, retried or concurrent runs never send an email twice.
 */
export const newsletterSendJob = (config: Config): JobDefinition => {
  let sender: MailSender | null | undefined
  return {
    name: 'newsletter-send',
    queue: { retryLimit: 10, retryDelay: config.mailRetryDelaySeconds, retryBackoff: true },
    concurrency: 2,
    batchSize: 1,
    worksHere: config.mail !== null,
    run: async (job, { database: { db }, config, logger, queue, secretKey }) => {
      sender ??= createMailSender(config.mail)
      if (!sender) throw new Error(NEWSLETTER_MAIL_NOT_CONFIGURED)
      const result = await runNewsletterSend(
        db,
        {
          config,
          key: secretKey(),
          send: sender,
          retryDelaySeconds: config.mailRetryDelaySeconds,
          budget: config.mailRatePerMinute,
        },
        job.data.id,
        { jobId: job.id },
      )
      if ('again' in result) {
        logger.info({ newsletterId: job.data.id, sent: result.sent, again: result.again }, 'newsletter sending')
        await queue.enqueue(db, 'newsletter-send', job.data, result.again)
      } else if (result.state === 'sent') {
        logger.info({ newsletterId: job.data.id }, 'newsletter sent')
      }
    },
  }
}
