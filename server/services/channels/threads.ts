// Issue 29: posting to Threads through Meta's Threads Graph API with plain fetch: a text container
// is created, then published. Tests point `baseUrl` at tests/fixtures/fake-threads.ts.
import {
  type ChannelAdapter,
  ChannelApiError,
  callNetwork,
  type PostedPart,
} from '#server/services/channels/adapter.ts'

export interface ThreadsSettings {
  /** https://graph.threads.net/v1.0 in production. */
  baseUrl: string
  /** The Threads user id the token belongs to. */
  userId: string
  accessToken: string
}

export const THREADS_DEFAULT_BASE_URL = 'https://graph.threads.net/v1.0'

const LABEL = 'Threads'
/** How many of the account's latest posts a try after a crash looks through. */
const RECENT_LIMIT = 25

interface GraphError {
  error?: { message?: unknown; error_user_msg?: unknown }
}

export function threadsAdapter(settings: ThreadsSettings): ChannelAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '')
  const user = encodeURIComponent(settings.userId)

  /** GET with query parameters, or POST with a form body (the token never sits in a POST's URL). */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; body: unknown }> => {
    const form = new URLSearchParams({ ...params, access_token: settings.accessToken })
    const { status, body } = await callNetwork(
      LABEL,
      method === 'GET' ? `${base}${path}?${form}` : `${base}${path}`,
      { method, headers: { accept: 'application/json' }, ...(method === 'POST' ? { body: form } : {}) },
      {
        signal,
        token: settings.accessToken,
        detailOf: (answer) => {
          const error = (answer as GraphError | null)?.error
          if (typeof error?.error_user_msg === 'string' && error.error_user_msg) return error.error_user_msg
          return typeof error?.message === 'string' && error.message ? error.message : null
        },
      },
    )
    return { status, body }
  }

  const idOf = (answer: { status: number; body: unknown }, what: string): string => {
    const id = (answer.body as { id?: unknown } | null)?.id
    if (typeof id === 'string' && /^\d{1,32}$/.test(id)) return id
    throw new ChannelApiError(`${LABEL} answered ${answer.status} without ${what}.`, {
      status: answer.status,
      retry: false,
    })
  }

  /** The address of a published post; null when Threads does not give it (the post exists anyway). */
  const permalinkOf = async (id: string, signal?: AbortSignal): Promise<string | null> => {
    try {
      const { body } = await call('GET', `/${encodeURIComponent(id)}`, { fields: 'permalink' }, signal)
      const permalink = (body as { permalink?: unknown } | null)?.permalink
      return typeof permalink === 'string' && /^https:\/\//.test(permalink) ? permalink : null
    } catch {
      return null
    }
  }

  /**
   * The account's recent post with exactly this text, if an earlier try did reach Threads. Replies
   * are not in the account's threads list but in its replies list, so a reply is looked for there.
   */
  const findRecent = async (text: string, isReply: boolean, signal?: AbortSignal): Promise<PostedPart | null> => {
    const { body } = await call(
      'GET',
      `/${user}/${isReply ? 'replies' : 'threads'}`,
      { fields: 'id,text,permalink', limit: String(RECENT_LIMIT) },
      signal,
    )
    const data = (body as { data?: { id?: unknown; text?: unknown; permalink?: unknown }[] } | null)?.data
    const found = Array.isArray(data) ? data.find((p) => p?.text === text && typeof p.id === 'string') : undefined
    if (!found) return null
    return { id: found.id as string, url: typeof found.permalink === 'string' ? found.permalink : null }
  }

  return {
    channel: 'threads',
    postPart: async (input) => {
      if (input.mayExist) {
        const earlier = await findRecent(input.text, Boolean(input.replyTo), input.signal)
        if (earlier) return earlier
      }
      const container = idOf(
        await call(
          'POST',
          `/${user}/threads`,
          {
            media_type: 'TEXT',
            text: input.text,
            ...(input.replyTo ? { reply_to_id: input.replyTo.parent.id } : {}),
          },
          input.signal,
        ),
        'a container id',
      )
      const id = idOf(
        await call('POST', `/${user}/threads_publish`, { creation_id: container }, input.signal),
        'a post id',
      )
      return { id, url: await permalinkOf(id, input.signal) }
    },
    verify: async (signal) => {
      const { status, body } = await call('GET', '/me', { fields: 'username' }, signal)
      const username = (body as { username?: unknown } | null)?.username
      if (typeof username !== 'string' || !username) {
        throw new ChannelApiError(`${LABEL} answered ${status} without the account's name.`, { status, retry: false })
      }
      return { account: `@${username}` }
    },
  }
}

/** A message from the network never carries the token, even if it quoted the request. */
