// Issue 29: what the product needs of one social network. Each network is one file beside this one
// (and its test against a fake of that network on 127.0.0.1); the rules for the text are in
// common/channels.ts. The service calls an adapter part by part and stores each part's answer
// before the next, so a thread cut by a crash goes on where it stopped instead of starting again.
import type { Channel } from '#common/channels.ts'

/** The article behind the post: a network that shows link cards (LinkedIn, Bluesky) uses it. */
export interface LinkCard {
  /** The tracked short link (PUBLIC_URL/s/{code}). */
  url: string
  title: string
  description: string | null
  /** The cover, fetched from this site; null when the post has none or it could not be read. */
  image: { bytes: Uint8Array; mimeType: string } | null
}

/** One post as the network knows it. */
export interface PostedPart {
  /** The network's id of the post (Bluesky: the record's at:// URI; LinkedIn: the post URN). */
  id: string
  /** Where a person sees it; null when the network gives no address. */
  url: string | null
  /** Bluesky's content hash of the record, which a reply must name; absent elsewhere. */
  cid?: string
}

export interface PostPartInput {
  /** The part's whole text, link included where the writer put it; already checked against the rules. */
  text: string
  /**
   * Stable for this part of this social post across tries and processes (for example
   * 'vq-42-1'). The adapter passes it to whatever the network offers to refuse a repeat (Mastodon's
   * Idempotency-Key, Bluesky's record key), so a try after a crash cannot post it twice.
   */
  key: string
  /** The thread so far: the first part and the part just before this one; absent for the first. */
  replyTo?: { root: PostedPart; parent: PostedPart }
  /** When the social post was made: stable across tries (Bluesky derives its record key from it). */
  createdAt: Date
  /** The part's place in the thread, from 0. */
  index: number
  /**
   * An earlier try of this very part may have reached the network (a process died during the call).
   * An adapter whose network offers no idempotency looks for the post among the account's recent
   * posts before posting again, and answers that one when found.
   */
  mayExist: boolean
  /** The article as a card, given with the part that carries the link. */
  card?: LinkCard
  signal?: AbortSignal
}

export interface ChannelAdapter {
  channel: Channel
  /** Posts one part; answers the network's post, or throws ChannelApiError. */
  postPart: (input: PostPartInput) => Promise<PostedPart>
  /**
   * 'Test connection': one harmless authenticated call (no post); answers the account's name as
   * the network shows it, or throws ChannelApiError.
   */
  verify: (signal?: AbortSignal) => Promise<{ account: string }>
}

/**
 * The network refused the call or could not be reached. `message` is safe to show and to store
 * ("Bluesky answered 400: …"); `retry` says whether trying again later may succeed (unreachable,
 * a timeout, 429, 5xx) or never will (bad credentials, text refused).
 */
export class ChannelApiError extends Error {
  readonly status: number | null
  readonly retry: boolean
  constructor(message: string, options: { status: number | null; retry: boolean }) {
    super(message)
    this.name = 'ChannelApiError'
    this.status = options.status
    this.retry = options.retry
  }
}

/** The usual classification: no answer, 408, 425, 429 and 5xx may pass later; any other 4xx will not. */
export const retryableStatus = (status: number | null) =>
  status === null || status === 408 || status === 425 || status === 429 || status >= 500

const MESSAGE_MAX = 500

/** 'LinkedIn answered 422: …', bounded, for the social post's error and the job's log. */
export function answeredMessage(label: string, status: number, detail: string): string {
  return `${label} answered ${status}: ${detail}`.slice(0, MESSAGE_MAX)
}

/** The message of a failure to reach the network at all. */
export function unreachableMessage(label: string, error: unknown): string {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
  return `Could not reach ${label} (${timedOut ? 'no answer in time' : 'connection failed'}).`
}

/** A network's answer read as JSON: null when it is empty, cut off or not JSON (an HTML error page). */
export async function jsonBody(res: Response): Promise<unknown> {
  const raw = await res.text().catch(() => '')
  try {
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

/** How long LinkedIn's and Threads' API calls wait for an answer. */
const CALL_TIMEOUT_MS = 15_000

/** The token never stands in a message that is shown, stored or logged. */
const redact = (text: string, token: string) => (token ? text.split(token).join('[token]') : text)

/**
 * One call to a network's HTTP API (LinkedIn's, Threads'): at most 15 s (or until `signal`), no
 * redirects, the answer read as JSON. No answer is a ChannelApiError worth a retry; a refusal is one
 * in the network's own words (`detailOf` its answer, else the status text), `token` redacted.
 */
export async function callNetwork(
  label: string,
  url: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body'>,
  { signal, token, detailOf }: { signal?: AbortSignal; token: string; detailOf: (body: unknown) => string | null },
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS)
  let res: Response
  try {
    res = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    })
  } catch (error) {
    throw new ChannelApiError(unreachableMessage(label, error), { status: null, retry: true })
  }
  const body = await jsonBody(res)
  if (!res.ok) {
    const detail = detailOf(body) || res.statusText || 'request refused'
    throw new ChannelApiError(answeredMessage(label, res.status, redact(detail, token)), {
      status: res.status,
      retry: retryableStatus(res.status),
    })
  }
  return { status: res.status, headers: res.headers, body }
}
