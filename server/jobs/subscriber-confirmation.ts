import type { Config } from '#server/config.ts'
import { claimedMailJob } from '#server/jobs/invitation-email.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import { sendSubscriberConfirmation } from '#server/services/subscribers.ts'

/**
 * Issue 30: a subscriber's confirmation email, queued in the row's own transaction and sent once
 * under the row's claim, as the invitation's (docs/decisions/060-subscribers.md, 055).
 */
export const subscriberConfirmationJob = (config: Config): JobDefinition =>
  claimedMailJob(config, 'subscriber-confirmation', 'subscriber', sendSubscriberConfirmation)
