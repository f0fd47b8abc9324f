import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { setTimeout } from 'node:timers/promises'
import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  SUBSCRIBE_CONSENT_VERSION,
  type SubscribeInput,
  type SubscriberMe,
  type SubscriberState,
} from '#common/contract/subscribers.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { subscribers } from '#server/db/schema.ts'
import { claimedMailer } from '#server/services/claimed-mail.ts'
import { type ContactOutcome, knownIds, perAddressLimit } from '#server/services/contact.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import { seal } from '#server/services/secret-box.ts'
import type { Throttle } from '#server/services/throttle.ts'

// Issue 30, subscribing with double opt-in (docs/decisions/060-subscribers.md). The confirmation
// email is sent as the invitation's is (055): a job added in the row's own transaction, a claim on
// the row before sending, a stable Message-ID.

/** How long a confirmation link works. */
export const CONFIRM_MS = 48 * 60 * 60_000
/** At most one confirmation email per address in this window. */
export const CONFIRM_RESEND_MS = 10 * 60_000

type Row = typeof subscribers.$inferSelect

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const confirmLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/subscribe/confirm?token=${token}`

/**
 * Every accepted subscribe answer takes at least this long: a new address (a row, a job) and a
 * known one (a read) are not told apart by the answer's timing. More than either takes unloaded.
 */
export const SUBSCRIBE_ANSWER_MS = 250

export interface SubscribeDeps {
  db: Db
  throttle: Throttle
  perAddress: number
  /** Present when mail is set up: the confirmation email is queued with the row. */
  mail: { key: Buffer; queue: JobQueue } | null
}

/** What the API and the pages have: the deps of `subscribe` for one request. */
export const subscribeDeps = (
  services: {
    throttle: Throttle
    secretKey: Buffer
    jobs: JobQueue
    config: Pick<Config, 'mail' | 'contactMessagesPerIp'>
  },
  db: Db,
): SubscribeDeps => ({
  db,
  throttle: services.throttle,
  perAddress: services.config.contactMessagesPerIp,
  mail: services.config.mail ? { key: services.secretKey, queue: services.jobs } : null,
})

export type SubscribeOutcome =
  | ContactOutcome
  /** Kept: `emailed` says whether a confirmation email was queued now (for the log only). */
  | { kind: 'subscribed'; emailed: boolean }

/** The row still in the state it was read in: a reader confirmed meanwhile is not made pending again. */
const unchanged = (row: Row) => and(eq(subscribers.id, row.id), eq(subscribers.state, row.state))

/**
 * A new confirmation for `row` (or a new row) unless one was issued within CONFIRM_RESEND_MS: the
 * row's token is replaced and, with mail set up, its email queued in the same transaction.
 */
async function issueConfirmation(
  deps: Pick<SubscribeDeps, 'db' | 'mail'>,
  values: Partial<typeof subscribers.$inferInsert> & { email: string },
  existing: Row | undefined,
  now: Date,
  /** A new row's first touch (contact.ts `knownIds`). */
  attribution: SQL | null = null,
): Promise<boolean> {
  const recent =
    existing?.confirmTokenHash && existing.confirmExpiresAt
      ? existing.confirmExpiresAt.getTime() - CONFIRM_MS > now.getTime() - CONFIRM_RESEND_MS
      : false
  const { db, mail } = deps
  if (recent) {
    if (existing && Object.keys(values).length > 1) await db.update(subscribers).set(values).where(unchanged(existing))
    return false
  }
  const token = randomBytes(32).toString('base64url')
  const confirm = {
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_MS),
    ...(mail
      ? { mailState: 'queued' as const, mailToken: seal(mail.key, token), mailClaimedUntil: null, mailError: null }
      : { mailState: null, mailToken: null }),
  }
  // On PGlite a queue still starting would wait for the one connection the transaction holds.
  await mail?.queue.ready()
  await db.transaction(async (tx) => {
    const [row] = existing
      ? await tx
          .update(subscribers)
          .set({ ...values, ...confirm })
          .where(unchanged(existing))
          .returning({ id: subscribers.id })
      : await tx
          .insert(subscribers)
          .values({
            consentedAt: now,
            consentForm: 'subscribe',
            consentVersion: SUBSCRIBE_CONSENT_VERSION,
            createdAt: now,
            attribution,
            ...values,
            ...confirm,
          })
          // Two requests for one new address at once: the second becomes an update of the first's row.
          .onConflictDoUpdate({ target: subscribers.email, set: confirm })
          .returning({ id: subscribers.id })
    if (mail && row) {
      await mail.queue.enqueue(tx, 'subscriber-confirmation', { id: row.id, at: now.toISOString() }, now)
    }
  })
  return mail !== null
}

/**
 * One subscribe request from one address. Whatever the address's state, the caller answers the
 * same: new → pending and a confirmation; pending → a new confirmation (at most one per 10
 * minutes); confirmed or bounced → nothing; unsubscribed → pending and a confirmation.
 */
export async function subscribe(
  deps: SubscribeDeps,
  address: string,
  input: z.output<typeof SubscribeInput>,
  now = new Date(),
): Promise<SubscribeOutcome> {
  const throttled = await perAddressLimit(
    deps,
    'subscribe',
    address,
    'You have tried several times in a short time.',
    now,
  )
  if (throttled) return throttled
  if (input.website && input.website.trim() !== '') return { kind: 'dropped' }
  const { db } = deps
  const email = input.email.toLowerCase()
  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, email)).limit(1)
  if (existing && (existing.state === 'confirmed' || existing.state === 'bounced')) {
    return { kind: 'subscribed', emailed: false }
  }
  const consent = { consentedAt: now, consentForm: input.form, consentVersion: SUBSCRIBE_CONSENT_VERSION }
  if (!existing) {
    const attribution = input.attribution ? knownIds(input.attribution) : null
    return {
      kind: 'subscribed',
      emailed: await issueConfirmation(deps, { email, ...consent }, undefined, now, attribution),
    }
  }
  // Pending or unsubscribed: the first touch stays the first; the consent is the latest.
  const values = { email, ...consent, state: 'pending' as const, unsubscribedAt: null }
  return { kind: 'subscribed', emailed: await issueConfirmation(deps, values, existing, now) }
}

/** `subscribe`, answered no sooner than SUBSCRIBE_ANSWER_MS after it began unless refused by the limit. */
export async function subscribeTimed(
  deps: SubscribeDeps,
  address: string,
  input: z.output<typeof SubscribeInput>,
): Promise<SubscribeOutcome> {
  const answerAt = performance.now() + SUBSCRIBE_ANSWER_MS
  const outcome = await subscribe(deps, address, input)
  if (outcome.kind !== 'throttled') await setTimeout(Math.max(0, answerAt - performance.now()))
  return outcome
}

export type ConfirmResult = { state: 'confirmed' } | { refused: string }

/** A confirmation link: once, within 48 h, while pending. Anything else changes nothing. */
export async function confirm(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  const tokenHash = hashToken(token)
  const [updated] = await db
    .update(subscribers)
    .set({
      state: 'confirmed',
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      mailToken: null,
    })
    .where(
      and(
        eq(subscribers.confirmTokenHash, tokenHash),
        eq(subscribers.state, 'pending'),
        gt(subscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ id: subscribers.id })
  if (updated) return { state: 'confirmed' }
  const [row] = await db
    .select({ expiresAt: subscribers.confirmExpiresAt })
    .from(subscribers)
    .where(eq(subscribers.confirmTokenHash, tokenHash))
    .limit(1)
  return row
    ? { refused: 'This confirmation link has expired. Subscribe again to get a new one.' }
    : { refused: 'This confirmation link is not valid or was already used.' }
}

// The reader's own link (unsubscribe, come back): `{id}.{HMAC}` under the app's secret key, so it
// needs no row of its own and works for as long as the subscriber exists.

const manageMac = (key: Buffer, id: number, email: string) =>
  createHmac('sha256', key).update(`subscriber-manage v1\n${id}\n${email}`).digest()

export const manageToken = (key: Buffer, row: Pick<Row, 'id' | 'email'>) =>
  `${row.id}.${manageMac(key, row.id, row.email).toString('base64url')}`

/** The subscriber a manage token names, or null for a forged, malformed or stale one. */
export async function subscriberOfToken(db: Db, key: Buffer, token: string): Promise<Row | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const id = Number(match[1])
  if (id > 2_147_483_647) return null
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id)).limit(1)
  if (!row) return null
  const given = Buffer.from(match[2] as string, 'base64url')
  const expected = manageMac(key, row.id, row.email)
  return given.length === expected.length && timingSafeEqual(given, expected) ? row : null
}

/** 'alice@example.com' → 'a***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`
}

export const me = (row: Row): SubscriberMe => ({ email: maskEmail(row.email), state: row.state })

/** Leaves: no more emails, and a pending confirmation link stops working. */
export async function unsubscribe(db: Db, row: Row, now = new Date()): Promise<SubscriberState> {
  if (row.state === 'unsubscribed') return 'unsubscribed'
  await db
    .update(subscribers)
    .set({
      state: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      mailToken: null,
    })
    .where(eq(subscribers.id, row.id))
  return 'unsubscribed'
}

/**
 * Comes back from their own link: confirmed again if they had confirmed before (the link proves
 * the address), else pending with a new confirmation. A bounced address stays bounced.
 */
export async function resubscribe(
  deps: Pick<SubscribeDeps, 'db' | 'mail'>,
  row: Row,
  now = new Date(),
): Promise<SubscriberState> {
  if (row.state === 'confirmed' || row.state === 'bounced') return row.state
  if (row.confirmedAt) {
    await deps.db
      .update(subscribers)
      .set({
        state: 'confirmed',
        unsubscribedAt: null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        mailToken: null,
      })
      .where(eq(subscribers.id, row.id))
    return 'confirmed'
  }
  await issueConfirmation(deps, { email: row.email, state: 'pending', unsubscribedAt: null }, row, now)
  return 'pending'
}

/**
 * Sends subscriber `id`'s confirmation email if it is still queued and pending, under the row's
 * claim as the invitation's (055, server/services/claimed-mail.ts).
 */
export const sendSubscriberConfirmation = claimedMailer(subscribers, (_db, config) => ({
  // Confirmed, unsubscribed or expired before its turn: the link opens nothing, so nothing is sent.
  notWanted: (row, now) =>
    row.state !== 'pending' || !row.confirmExpiresAt || row.confirmExpiresAt <= now
      ? 'Not sent: the confirmation was no longer open.'
      : null,
  compose: async (row, token) => ({
    to: row.email,
    subject: 'Confirm your subscription to the VidQuest blog',
    paragraphs: [
      'Someone, hopefully you, asked to receive new VidQuest blog posts by email at this address.',
      `Open the link to confirm. It works once, until ${row.confirmExpiresAt?.toUTCString().replace('GMT', 'UTC')}.`,
      'If you did not ask for this, ignore this email: you will not hear from us again.',
    ],
    link: { label: 'Confirm my subscription', url: confirmLink(config, token) },
    // Stable per confirmation: a resend after a crash is the same message.
    messageId: `<subscribe-${row.id}-${(row.confirmTokenHash ?? '').slice(0, 16)}@${new URL(config.publicUrl).hostname}>`,
  }),
  // Only this confirmation: a newer one issued meanwhile stays queued with its own token and job.
  finishWhere: (row) =>
    and(eq(subscribers.id, row.id), sql`${subscribers.mailToken} is not distinct from ${row.mailToken}`),
}))
