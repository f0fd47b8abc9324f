import { count, desc } from 'drizzle-orm'
import type { ContactList } from '#common/contract/contact.ts'
import type { Db } from '#server/db/client.ts'
import { contactSubmissions } from '#server/db/schema.ts'
import type { Throttle } from '#server/services/throttle.ts'

/** SPEC §9: contact messages one address may send in this window (CONTACT_MESSAGES_PER_IP). */
export const CONTACT_WINDOW_MS = 15 * 60 * 1000

export interface NewSubmission {
  name: string
  email: string
  company: string | null
  message: string
}

export async function createSubmission(db: Db, input: NewSubmission, now = new Date()) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, createdAt: now })
    .returning({ id: contactSubmissions.id })
  return row?.id ?? null
}

export type ContactOutcome =
  | { kind: 'stored' }
  /** A filled honeypot: the sender is told it was stored, nothing is kept. */
  | { kind: 'dropped' }
  | { kind: 'throttled'; retryAfterSeconds: number; message: string }

/**
 * One contact message from one address, whichever way it came (the JSON API or the landing page's
 * form posted without JavaScript): the per-address limit, the honeypot, then the row.
 */
export async function receiveContact(
  deps: { db: Db; throttle: Throttle; perAddress: number },
  address: string,
  input: NewSubmission & { website?: string | undefined },
  now = new Date(),
): Promise<ContactOutcome> {
  const { website, ...submission } = input
  const hit = await deps.throttle.hit(`contact:${address}`, CONTACT_WINDOW_MS)
  if (hit.count > deps.perAddress) {
    const minutes = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 60_000))
    return {
      kind: 'throttled',
      retryAfterSeconds: minutes * 60,
      message: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    }
  }
  if (website && website.trim() !== '') return { kind: 'dropped' }
  await createSubmission(deps.db, submission, now)
  return { kind: 'stored' }
}

export async function listSubmissions(db: Db, page: number, pageSize: number): Promise<ContactList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contactSubmissions),
  ])
  return {
    submissions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  }
}
