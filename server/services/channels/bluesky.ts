// Issue 29: posting to Bluesky through its PDS with the kept client @atproto/api (an app password,
// one login per adapter). Each part is written with a record key derived from the social post's
// creation time, the part's place and its key, so a try after a crash names the same record: the
// PDS refuses to create it twice, and we answer the record that is already there.
import { createHash } from 'node:crypto'
import { AtpAgent, type BlobRef, RichText, XRPCError } from '@atproto/api'
import {
  answeredMessage,
  type ChannelAdapter,
  ChannelApiError,
  type PostedPart,
  type PostPartInput,
  retryableStatus,
  unreachableMessage,
} from '#server/services/channels/adapter.ts'

export interface BlueskySettings {
  /** The PDS (or the entryway, https://bsky.social) the account logs in to. */
  serviceUrl: string
  handle: string
  appPassword: string
}

const LABEL = 'Bluesky'
const COLLECTION = 'app.bsky.feed.post'
const TIMEOUT_MS = 15_000
/** The lexicon's limit on an external embed's thumb; a bigger cover goes without one. */
const THUMB_MAX_BYTES = 1_000_000
const S32 = '234567abcdefghijklmnopqrstuvwxyz'

/**
 * The record key of one part: a TID (atproto's timestamp id, 13 sortable base32 characters) whose
 * microseconds are the social post's creation time plus the part's index, and whose clock id comes
 * from a hash of the part's key. The same part always gets the same key.
 */
export function partRecordKey(input: Pick<PostPartInput, 'createdAt' | 'index' | 'key'>): string {
  const micros = BigInt(input.createdAt.getTime()) * 1000n + BigInt(input.index % 1000)
  const clockId = BigInt(createHash('sha256').update(input.key).digest().readUInt16BE(0) & 0x3ff)
  let n = (micros << 10n) | clockId
  let out = ''
  for (let i = 0; i < 13; i++) {
    out = S32[Number(n & 31n)] + out
    n >>= 5n
  }
  return out
}

/** fetch with the 15 s limit, keeping the caller's signal. */
const timedFetch: typeof fetch = (input, init) => {
  const own = init?.signal ?? (input instanceof Request ? input.signal : undefined)
  const signal = own ? AbortSignal.any([own, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS)
  return fetch(input, { ...init, signal })
}

/** Any failure as a ChannelApiError: refused (with Bluesky's message) or not reached. */
function toChannelError(error: unknown): ChannelApiError {
  if (error instanceof ChannelApiError) return error
  if (error instanceof XRPCError && error.status >= 100) {
    const detail = error.message && error.message !== error.error ? error.message : error.error || 'request refused'
    return new ChannelApiError(answeredMessage(LABEL, error.status, detail), {
      status: error.status,
      retry: retryableStatus(error.status),
    })
  }
  if (error instanceof XRPCError && error.status === 2) {
    // An answer the client could not read: a later try finds the record if it was written.
    return new ChannelApiError(`${LABEL} answered with a body the client could not read.`, {
      status: null,
      retry: true,
    })
  }
  const cause = error instanceof XRPCError && error.cause !== undefined ? error.cause : error
  return new ChannelApiError(unreachableMessage(LABEL, cause), { status: null, retry: true })
}

/** A promise that stops waiting (not working) when `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** Link and hashtag facets with UTF-8 byte offsets; a mention would need its handle resolved, so none. */
function facetsOf(text: string) {
  const rich = new RichText({ text })
  rich.detectFacetsWithoutResolution()
  const facets = (rich.facets ?? []).filter((facet) =>
    facet.features.every(
      (f) => f.$type === 'app.bsky.richtext.facet#link' || f.$type === 'app.bsky.richtext.facet#tag',
    ),
  )
  return facets.length > 0 ? facets : undefined
}

export function blueskyAdapter(settings: BlueskySettings): ChannelAdapter {
  const agent = new AtpAgent({ service: settings.serviceUrl, fetch: timedFetch })
  let session: Promise<{ did: string; handle: string }> | null = null

  const login = (signal?: AbortSignal) => {
    if (!session) {
      session = agent
        .login({ identifier: settings.handle, password: settings.appPassword })
        .then((res) => ({ did: res.data.did, handle: res.data.handle }))
      // A refused or failed login is tried again by the next call, not remembered.
      session.catch(() => {
        session = null
      })
    }
    return untilAborted(session, signal)
  }

  /** The stored record under `rkey`, or null when there is none. */
  const existing = async (did: string, rkey: string, signal?: AbortSignal) => {
    try {
      const res = await agent.com.atproto.repo.getRecord({ repo: did, collection: COLLECTION, rkey }, { signal })
      return { uri: res.data.uri, cid: res.data.cid ?? '', value: res.data.value as { text?: unknown } }
    } catch (error) {
      if (error instanceof XRPCError && (error.error === 'RecordNotFound' || error.status === 404)) return null
      throw error
    }
  }

  const answer = (handle: string, rkey: string, found: { uri: string; cid: string }): PostedPart => ({
    id: found.uri,
    cid: found.cid,
    url: `https://bsky.app/profile/${handle}/post/${rkey}`,
  })

  /** The record under our key, when it is this part (a key taken by other text is an error). */
  const ours = async (did: string, rkey: string, text: string, signal?: AbortSignal) => {
    const found = await existing(did, rkey, signal)
    if (found && found.value.text !== text) {
      throw new ChannelApiError(`${LABEL} already holds another post under this part's record key ${rkey}.`, {
        status: null,
        retry: false,
      })
    }
    return found
  }

  const postPart = async (input: PostPartInput): Promise<PostedPart> => {
    const { signal } = input
    const rkey = partRecordKey(input)
    try {
      const { did, handle } = await login(signal)
      if (input.mayExist) {
        const found = await ours(did, rkey, input.text, signal)
        if (found) return answer(handle, rkey, found)
      }
      let embed: Record<string, unknown> | undefined
      if (input.card) {
        const { card } = input
        let thumb: BlobRef | undefined
        if (card.image && card.image.bytes.byteLength <= THUMB_MAX_BYTES) {
          const uploaded = await agent.uploadBlob(card.image.bytes, { encoding: card.image.mimeType, signal })
          thumb = uploaded.data.blob
        }
        embed = {
          $type: 'app.bsky.embed.external',
          external: {
            uri: card.url,
            title: card.title,
            description: card.description ?? '',
            ...(thumb ? { thumb } : {}),
          },
        }
      }
      const facets = facetsOf(input.text)
      const record = {
        $type: COLLECTION,
        text: input.text,
        createdAt: input.createdAt.toISOString(),
        ...(facets ? { facets } : {}),
        ...(input.replyTo
          ? {
              reply: {
                root: { uri: input.replyTo.root.id, cid: input.replyTo.root.cid ?? '' },
                parent: { uri: input.replyTo.parent.id, cid: input.replyTo.parent.cid ?? '' },
              },
            }
          : {}),
        ...(embed ? { embed } : {}),
      }
      try {
        const res = await agent.com.atproto.repo.createRecord(
          { repo: did, collection: COLLECTION, rkey, record },
          { signal },
        )
        return answer(handle, rkey, res.data)
      } catch (error) {
        // A key already taken: the PDS answers 500 today, a named error later. Either way, when the
        // record under our key is this part, an earlier try wrote it and this one has succeeded.
        const taken =
          error instanceof XRPCError && (error.status === 500 || /exist/i.test(`${error.error} ${error.message}`))
        if (!taken) throw error
        const found = await ours(did, rkey, input.text, signal).catch((lookup: unknown) => {
          if (lookup instanceof ChannelApiError) throw lookup
          return null
        })
        if (found) return answer(handle, rkey, found)
        throw error
      }
    } catch (error) {
      throw toChannelError(error)
    }
  }

  const verify = async (signal?: AbortSignal) => {
    try {
      await login(signal)
      const res = await agent.com.atproto.server.getSession(undefined, { signal })
      return { account: `@${res.data.handle}` }
    } catch (error) {
      throw toChannelError(error)
    }
  }

  return { channel: 'bluesky', postPart, verify }
}
