import { desc, inArray, type SQL, sql } from 'drizzle-orm'
import type { Channel } from '#common/channels.ts'
import type { Attribution, AttributionView } from '#common/contract/analytics.ts'
import type { ContactList } from '#common/contract/contact.ts'
import type { Db } from '#server/db/client.ts'
import { pageWithTotal } from '#server/db/paging.ts'
import { blogPosts, contactSubmissions, xPosts } from '#server/db/schema.ts'
import type { Throttle } from '#server/services/throttle.ts'
import { throttleAddress } from '#server/services/visits.ts'

/** docs/product.md §9: contact messages one address may send in this window (CONTACT_MESSAGES_PER_IP). */
export const CONTACT_WINDOW_MS = 15 * 60 * 1000

export interface NewSubmission {
  name: string
  email: string
  company: string | null
  message: string
  /** Issue 16: the sender's first touch, when the page's script sent one. */
  attribution?: Attribution | null | undefined
}

export async function createSubmission(db: Db, input: NewSubmission, now = new Date()) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, attribution: input.attribution ? knownIds(input.attribution) : null, createdAt: now })
    .returning({ id: contactSubmissions.id })
  return row?.id ?? null
}

/**
 * The browser's attribution with its X post and post ids kept only when they name a row, as the
 * visit beacon keeps them (issue 27): 'x-post-999999' stays a campaign, not an X post. Checked in
 * the INSERT itself, so no second statement can disagree with the first.
 */
export function knownIds(attribution: Attribution): SQL {
  const { xPostId, postId } = attribution
  return sql`${JSON.stringify(attribution)}::jsonb || jsonb_build_object(
    'xPostId', (select ${xPosts.id} from ${xPosts} where ${xPosts.id} = ${xPostId ?? null}::integer),
    'postId', (select ${blogPosts.id} from ${blogPosts} where ${blogPosts.id} = ${postId ?? null}::integer))`
}

export type ContactOutcome =
  | { kind: 'stored' }
  /** A filled honeypot: the sender is told it was stored, nothing is kept. */
  | { kind: 'dropped' }
  | { kind: 'throttled'; retryAfterSeconds: number; message: string }

/**
 * The per-address limit of the public forms (contact, issue 30's subscribe): `deps.perAddress`
 * requests in CONTACT_WINDOW_MS per `scope`; over it, the wait in words after `sentence`.
 */
export async function perAddressLimit(
  deps: { db: Db; throttle: Throttle; perAddress: number },
  scope: string,
  address: string,
  sentence: string,
  now = new Date(),
): Promise<Extract<ContactOutcome, { kind: 'throttled' }> | null> {
  // Keyed by the address's hash with the day's analytics salt, as visits are: rate_limits keeps no IP.
  const key = `${scope}:${await throttleAddress(deps.db, address, now)}`
  const hit = await deps.throttle.hit(key, CONTACT_WINDOW_MS)
  if (hit.count <= deps.perAddress) return null
  const minutes = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 60_000))
  return {
    kind: 'throttled',
    retryAfterSeconds: minutes * 60,
    message: `${sentence} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  }
}

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
  const throttled = await perAddressLimit(
    deps,
    'contact',
    address,
    'You have sent several messages in a short time.',
    now,
  )
  if (throttled) return throttled
  if (website && website.trim() !== '') return { kind: 'dropped' }
  await createSubmission(deps.db, submission, now)
  return { kind: 'stored' }
}

export async function listSubmissions(db: Db, page: number, pageSize: number): Promise<ContactList> {
  const { rows, total } = await pageWithTotal(
    db,
    db
      .select()
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .$dynamic(),
    { table: contactSubmissions, page, pageSize },
  )
  const views = await attributionViews(
    db,
    rows.map((r) => r.attribution),
  )
  return {
    submissions: rows.map((r, i) => ({ ...r, createdAt: r.createdAt.toISOString(), attribution: views[i] ?? null })),
    total,
    page,
    pageSize,
  }
}

/** The `value` of each row `select` finds, by its id; no ids, no query. */
async function byId<T>(ids: number[], select: () => Promise<{ id: number; value: T }[]>): Promise<Map<number, T>> {
  return new Map(ids.length === 0 ? [] : (await select()).map((r) => [r.id, r.value]))
}

/**
 * Each attribution with the title of the post it names, or else of its X post's post
 * ('via X post #12 · Rewarded video vs interstitials'). Deleted posts leave the title null.
 */
async function attributionViews(db: Db, list: (Attribution | null)[]): Promise<(AttributionView | null)[]> {
  const xPostIds = [...new Set(list.flatMap((a) => (a?.xPostId ? [a.xPostId] : [])))]
  const xPostPost = await byId(xPostIds, () =>
    db
      .select({ id: xPosts.id, value: { postId: xPosts.blogPostId, channel: xPosts.channel } })
      .from(xPosts)
      .where(inArray(xPosts.id, xPostIds)),
  )
  const postOf = (a: Attribution) => a.postId ?? (a.xPostId ? xPostPost.get(a.xPostId)?.postId : undefined) ?? null
  const postIds = [...new Set(list.flatMap((a) => (a ? [postOf(a)] : [])).filter((id): id is number => id !== null))]
  const titles = await byId(postIds, () =>
    db.select({ id: blogPosts.id, value: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.id, postIds)),
  )
  return list.map((a) => {
    if (!a) return null
    const postId = postOf(a)
    return {
      landingPath: a.landingPath ?? null,
      referrer: a.referrer ?? null,
      utmSource: a.utmSource ?? null,
      utmMedium: a.utmMedium ?? null,
      utmCampaign: a.utmCampaign ?? null,
      xPostId: a.xPostId ?? null,
      channel: ((a.xPostId ? xPostPost.get(a.xPostId)?.channel : undefined) ?? null) as Channel | null,
      postId: a.postId ?? null,
      postTitle: postId === null ? null : (titles.get(postId) ?? null),
    }
  })
}
