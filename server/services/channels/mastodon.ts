// Issue 29: posting to Mastodon through the kept client `masto` (v8). One REST client per adapter:
// masto takes a per-request `requestInit` (its second argument), whose headers it merges over its
// own and whose signal it joins to its timeout, so the Idempotency-Key and the caller's signal go
// with each call without a client per call. Mastodon answers a repeat of the same key (same
// account, within an hour) with the status it already made, so a try after a crash posts nothing
// twice. The link card is Mastodon's own, made from the link in the text: `card` is not used.
import {
  createRestAPIClient,
  MastoDeserializeError,
  MastoHttpError,
  MastoTimeoutError,
  MastoUnexpectedError,
} from 'masto'
import {
  answeredMessage,
  type ChannelAdapter,
  ChannelApiError,
  type PostedPart,
  retryableStatus,
  unreachableMessage,
} from '#server/services/channels/adapter.ts'

export interface MastodonSettings {
  /** The instance's address, for example https://mastodon.social. */
  url: string
  /** A personal access token with the write:statuses and read:accounts scopes. */
  accessToken: string
}

export interface MastodonOptions {
  /** Tests shorten it; 15 s otherwise. */
  timeoutMs?: number
}

const LABEL = 'Mastodon'

/**
 * masto loses the status of an error answer that is not JSON (the HTML page of a proxy in front of
 * a server that is down): it throws MastoUnexpectedError, MastoDeserializeError, or a TypeError
 * from reading the missing body. A failed connection is a TypeError too, but one with a cause.
 */
function unreadable(error: unknown): boolean {
  if (error instanceof MastoUnexpectedError || error instanceof MastoDeserializeError) return true
  return error instanceof TypeError && error.cause === undefined
}

function toChannelError(error: unknown): ChannelApiError {
  if (error instanceof ChannelApiError) return error
  if (error instanceof MastoHttpError) {
    const detail = error.message || error.description || 'request refused'
    return new ChannelApiError(answeredMessage(LABEL, error.statusCode, detail), {
      status: error.statusCode,
      retry: retryableStatus(error.statusCode),
    })
  }
  if (unreadable(error)) {
    return new ChannelApiError(`${LABEL} gave an answer that is not its API's (the server may be down).`, {
      status: null,
      retry: true,
    })
  }
  // MastoTimeoutError carries the fetch's TimeoutError as its cause; an aborted signal passes as is.
  return new ChannelApiError(unreachableMessage(LABEL, error instanceof MastoTimeoutError ? error.cause : error), {
    status: null,
    retry: true,
  })
}

export function mastodonAdapter(settings: MastodonSettings, options: MastodonOptions = {}): ChannelAdapter {
  const client = createRestAPIClient({
    url: settings.url,
    accessToken: settings.accessToken,
    timeout: options.timeoutMs ?? 15_000,
    requestInit: { redirect: 'error' },
    log: 'error',
  })

  return {
    channel: 'mastodon',

    async postPart(input): Promise<PostedPart> {
      try {
        const status = await client.v1.statuses.create(
          {
            status: input.text,
            visibility: 'public',
            ...(input.replyTo ? { inReplyToId: input.replyTo.parent.id } : {}),
          },
          {
            requestInit: {
              headers: { 'Idempotency-Key': input.key },
              ...(input.signal ? { signal: input.signal } : {}),
            },
          },
        )
        // An address that is not a Mastodon API may answer 200 with a page: masto gives undefined.
        if (typeof status?.id !== 'string' || status.id === '') throw new MastoUnexpectedError('no status')
        return { id: status.id, url: typeof status.url === 'string' ? status.url : null }
      } catch (error) {
        throw toChannelError(error)
      }
    },

    async verify(signal) {
      try {
        const account = await client.v1.accounts.verifyCredentials(undefined, {
          requestInit: signal ? { signal } : {},
        })
        if (typeof account?.acct !== 'string' || account.acct === '') throw new MastoUnexpectedError('no account')
        return { account: `@${account.acct}` }
      } catch (error) {
        throw toChannelError(error)
      }
    },
  }
}
