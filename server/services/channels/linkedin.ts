// Issue 29: posting to a LinkedIn organization page through the versioned REST API (Posts and Images
// APIs), with plain fetch. Tests point `baseUrl` at tests/fixtures/fake-linkedin.ts.
import {
  type ChannelAdapter,
  ChannelApiError,
  callNetwork,
  type LinkCard,
  type PostedPart,
} from '#server/services/channels/adapter.ts'

export interface LinkedInSettings {
  /** https://api.linkedin.com/rest in production. */
  baseUrl: string
  accessToken: string
  /** The page's numeric id (urn:li:organization:{id}). */
  organizationId: string
}

export const LINKEDIN_DEFAULT_BASE_URL = 'https://api.linkedin.com/rest'
/** The API version (YYYYMM) every call names; LinkedIn sunsets each about a year after release. */
export const LINKEDIN_VERSION = '202510'

const LABEL = 'LinkedIn'
/** How many of the page's latest posts a try after a crash looks through. */
const RECENT_COUNT = 20

// The reserved characters of LinkedIn's 'little' text format (mentions, hashtags, templates):
// unescaped, LinkedIn cuts the post at the first one or refuses it.
const RESERVED = /[\\|{}@[\]()<>#*_~]/g

/** A hashtag as people write it: '#' and letters or digits, after a space or at the start. */
const HASHTAG = /(^|\s)#([\p{L}\p{N}]+)/gu

/**
 * The writer's text as 'little' text: a #Hashtag as LinkedIn's hashtag template (so it links, as
 * one typed on LinkedIn does), every other reserved character behind a backslash.
 */
export function escapeLittleText(text: string): string {
  const out: string[] = []
  let last = 0
  for (const m of text.matchAll(HASHTAG)) {
    const start = (m.index ?? 0) + (m[1] as string).length
    out.push(escapeReserved(text.slice(last, start)), `{hashtag|\\#|${m[2]}}`)
    last = start + 1 + (m[2] as string).length
  }
  out.push(escapeReserved(text.slice(last)))
  return out.join('')
}

const escapeReserved = (text: string) => text.replace(RESERVED, (c) => `\\${c}`)

interface Answer {
  status: number
  headers: Headers
  body: unknown
}

export function linkedinAdapter(settings: LinkedInSettings): ChannelAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '')
  const orgUrn = `urn:li:organization:${settings.organizationId}`

  const call = async (
    url: string,
    init: { method: string; json?: unknown; bytes?: Uint8Array; contentType?: string; finder?: boolean },
    signal: AbortSignal | undefined,
  ): Promise<Answer> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${settings.accessToken}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
      accept: 'application/json',
    }
    if (init.finder) headers['x-restli-method'] = 'FINDER'
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.bytes) {
      headers['content-type'] = init.contentType ?? 'application/octet-stream'
      // A copy typed over a plain ArrayBuffer, which is what fetch's BodyInit accepts.
      body = new Uint8Array(init.bytes)
    }
    return callNetwork(
      LABEL,
      url,
      { method: init.method, headers, body },
      {
        signal,
        token: settings.accessToken,
        detailOf: (answer) => {
          const message = (answer as { message?: unknown } | null)?.message
          return typeof message === 'string' && message ? message : null
        },
      },
    )
  }

  /** Uploads the cover and answers its image URN, for the article's thumbnail. */
  const uploadImage = async (image: NonNullable<LinkCard['image']>, signal?: AbortSignal): Promise<string> => {
    const init = await call(
      `${base}/images?action=initializeUpload`,
      { method: 'POST', json: { initializeUploadRequest: { owner: orgUrn } } },
      signal,
    )
    const value = (init.body as { value?: { uploadUrl?: unknown; image?: unknown } } | null)?.value
    if (typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') {
      throw new ChannelApiError(`${LABEL} answered ${init.status} without an upload address.`, {
        status: init.status,
        retry: false,
      })
    }
    // LinkedIn's upload address is on its own host and still wants the bearer token.
    await call(value.uploadUrl, { method: 'PUT', bytes: image.bytes, contentType: image.mimeType }, signal)
    return value.image
  }

  /** The page's recent post with exactly this commentary, if an earlier try did reach LinkedIn. */
  const findRecent = async (commentary: string, signal?: AbortSignal): Promise<PostedPart | null> => {
    const { body } = await call(
      `${base}/posts?author=${encodeURIComponent(orgUrn)}&q=author&count=${RECENT_COUNT}`,
      { method: 'GET', finder: true },
      signal,
    )
    const elements = (body as { elements?: { id?: unknown; commentary?: unknown }[] } | null)?.elements
    const found = Array.isArray(elements)
      ? elements.find((e) => e?.commentary === commentary && typeof e.id === 'string')
      : undefined
    return found ? posted(found.id as string) : null
  }

  return {
    channel: 'linkedin',
    postPart: async (input) => {
      const commentary = escapeLittleText(input.text)
      if (input.mayExist) {
        const earlier = await findRecent(commentary, input.signal)
        if (earlier) return earlier
      }
      let content: { article: Record<string, string> } | undefined
      if (input.card) {
        const { card } = input
        const thumbnail = card.image ? await uploadImage(card.image, input.signal) : null
        content = {
          article: {
            source: card.url,
            title: card.title,
            ...(card.description ? { description: card.description } : {}),
            ...(thumbnail ? { thumbnail } : {}),
          },
        }
      }
      const answer = await call(
        `${base}/posts`,
        {
          method: 'POST',
          json: {
            author: orgUrn,
            commentary,
            visibility: 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
            ...(content ? { content } : {}),
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          },
        },
        input.signal,
      )
      const urn = answer.headers.get('x-restli-id')
      if (!urn?.startsWith('urn:li:')) {
        throw new ChannelApiError(`${LABEL} answered ${answer.status} without a post id.`, {
          status: answer.status,
          retry: false,
        })
      }
      return posted(urn)
    },
    verify: async (signal) => {
      const { status, body } = await call(
        `${base}/organizations/${encodeURIComponent(settings.organizationId)}`,
        { method: 'GET' },
        signal,
      )
      const name = (body as { localizedName?: unknown } | null)?.localizedName
      if (typeof name !== 'string' || !name) {
        throw new ChannelApiError(`${LABEL} answered ${status} without the page's name.`, { status, retry: false })
      }
      return { account: name }
    },
  }
}

const posted = (urn: string): PostedPart => ({ id: urn, url: `https://www.linkedin.com/feed/update/${urn}` })

/** A message from the network never carries the token, even if it quoted the request. */
