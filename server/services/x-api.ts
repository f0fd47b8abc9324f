// X API v2 `POST /2/tweets` with OAuth 1.0a user context (RFC 5849), signed with node:crypto.
// The base URL comes from config (X_API_BASE_URL), so tests talk to a fake X on 127.0.0.1.
import { createHmac, randomBytes } from 'node:crypto'
import type { XCredentials } from '#server/config.ts'
import { jsonBody } from '#server/services/channels/adapter.ts'

/** RFC 3986 percent-encoding as OAuth 1.0a requires (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

export interface OAuthRequest {
  method: string
  /** The full URL; its query parameters are part of the signature. */
  url: string
  /** Form-encoded body parameters (a JSON body is not signed). */
  bodyParams?: Record<string, string>
}

export interface OAuthFixed {
  /** Tests pin these; otherwise a random nonce and the current second. */
  nonce?: string
  timestamp?: number
}

/** The signature base string of RFC 5849 §3.4.1. */
export function signatureBaseString(
  method: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const u = new URL(url)
  const baseUrl = `${u.protocol}//${u.host}${u.pathname}`
  const normalized = params
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join('&')
}

/** The `Authorization: OAuth …` header value for one request. */
export function oauthHeader(credentials: XCredentials, request: OAuthRequest, fixed: OAuthFixed = {}): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: credentials.apiKey,
    oauth_nonce: fixed.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(fixed.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_token: credentials.accessToken,
    oauth_version: '1.0',
  }
  const u = new URL(request.url)
  const params: [string, string][] = [
    ...Object.entries(oauth),
    ...u.searchParams.entries(),
    ...Object.entries(request.bodyParams ?? {}),
  ]
  const key = `${percentEncode(credentials.apiSecret)}&${percentEncode(credentials.accessTokenSecret)}`
  const signature = createHmac('sha1', key)
    .update(signatureBaseString(request.method, request.url, params))
    .digest('base64')
  const header = { ...oauth, oauth_signature: signature }
  return `OAuth ${Object.entries(header)
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ')}`
}

export interface PostedTweet {
  id: string
  url: string
}

/** X refused the post or could not be reached; `message` is safe to show and to store. */
export class XApiError extends Error {
  readonly status: number | null
  constructor(message: string, status: number | null) {
    super(message)
    this.name = 'XApiError'
    this.status = status
  }
}

const MESSAGE_MAX = 500

/** The most useful sentence of an X API error body (v2 problem details, or v1-style errors). */
function describeFailure(status: number, body: unknown, fallback: string): string {
  const b = body as {
    detail?: unknown
    title?: unknown
    errors?: { message?: unknown; detail?: unknown }[]
  } | null
  const parts = [
    typeof b?.detail === 'string' ? b.detail : null,
    typeof b?.title === 'string' && typeof b?.detail !== 'string' ? b.title : null,
    ...(Array.isArray(b?.errors)
      ? b.errors.map((e) =>
          typeof e?.message === 'string' ? e.message : typeof e?.detail === 'string' ? e.detail : null,
        )
      : []),
  ].filter((p): p is string => Boolean(p))
  const text = parts.length > 0 ? [...new Set(parts)].join(' ') : fallback
  return `X API answered ${status}: ${text}`.slice(0, MESSAGE_MAX)
}

export interface PostTweetOptions {
  baseUrl: string
  credentials: XCredentials
  timeoutMs?: number
  fetch?: typeof fetch
}

/** Creates a post on X (a reply to `replyTo` when given); answers its id and URL, or throws XApiError. */
export async function postTweet(text: string, options: PostTweetOptions, replyTo?: string): Promise<PostedTweet> {
  const url = `${options.baseUrl}/2/tweets`
  const doFetch = options.fetch ?? fetch
  let res: Response
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization: oauthHeader(options.credentials, { method: 'POST', url }),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(replyTo ? { text, reply: { in_reply_to_tweet_id: replyTo } } : { text }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      redirect: 'error',
    })
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'connection failed'
    throw new XApiError(`Could not reach the X API (${reason}).`, null)
  }
  const body = await jsonBody(res)
  const data = (body as { data?: { id?: unknown } } | null)?.data
  if (res.ok && typeof data?.id === 'string' && /^\d{1,32}$/.test(data.id)) {
    return { id: data.id, url: `https://x.com/i/status/${data.id}` }
  }
  if (res.ok) throw new XApiError(`X API answered ${res.status} without a post id.`, res.status)
  throw new XApiError(describeFailure(res.status, body, res.statusText || 'request refused'), res.status)
}
