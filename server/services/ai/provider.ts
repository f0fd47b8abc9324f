import type { OpenAIProvider } from '@ai-sdk/openai'
import type { ImageModel, LanguageModel } from 'ai'
import { AI_NOT_CONFIGURED } from '#common/contract/ai.ts'
import type { AiConfig } from '#server/config.ts'
import { AiError } from '#server/services/ai/errors.ts'
import { SafeFetchError, type SafeFetchOptions, safeFetch } from '#server/services/ai/safe-fetch.ts'

/** A generated picture may be large before we re-encode it; stop reading past this. */
export const GENERATED_IMAGE_MAX_BYTES = 25 * 1024 * 1024
const IMAGE_DOWNLOAD_TIMEOUT_MS = 30_000

export type AiSdk = typeof import('#server/services/ai/sdk.ts')

let sdk: AiSdk | undefined
let sdkLoading: Promise<AiSdk> | undefined

/** The AI SDK, loaded on the first AI call rather than at start (docs/decisions/039). */
export function loadAiSdk(): Promise<AiSdk> {
  sdkLoading ??= import('#server/services/ai/sdk.ts').then((loaded) => {
    sdk = loaded
    return loaded
  })
  return sdkLoading
}

/** The AI SDK if it has loaded. Nothing the SDK makes (its errors, say) exists before that. */
export const loadedAiSdk = (): AiSdk | undefined => sdk

export interface AiProvider {
  config: AiConfig
  /** An API key is set: the text endpoints can work. */
  configured: boolean
  /** An image model is set (AI_IMAGE_MODEL and the key). */
  hasImageModel: boolean
  /** The language model (Chat Completions: what every OpenAI-compatible server speaks); the 503 when no key is set. */
  text: () => Promise<LanguageModel>
  /** The image model, or null when AI_IMAGE_MODEL (or the key) is not set. */
  image: () => Promise<ImageModel | null>
}

export interface ProviderOptions {
  /** How image URLs on hosts other than the provider's are downloaded (tests narrow it). */
  download?: SafeFetchOptions
}

/**
 * The OpenAI-compatible provider of AI_BASE_URL. Chat Completions rather than the Responses API,
 * because Ollama, vLLM, LM Studio and OpenRouter implement the former.
 * docs/decisions/008-ai-provider-and-offline-mode.md
 */
export function createProvider(config: AiConfig, options: ProviderOptions = {}): AiProvider {
  const configured = config.apiKey !== null
  const hasImageModel = configured && Boolean(config.imageModel)
  let openai: Promise<OpenAIProvider> | undefined
  const client = () => {
    openai ??= loadAiSdk().then(({ createOpenAI }) =>
      createOpenAI({
        baseURL: config.baseUrl,
        // Never undefined: the SDK would fall back to OPENAI_API_KEY from the environment.
        apiKey: config.apiKey ?? 'not-configured',
        fetch: inlineImageUrls(config, options),
      }),
    )
    return openai
  }
  return {
    config,
    configured,
    hasImageModel,
    text: async () => {
      if (!configured) throw new AiError(503, AI_NOT_CONFIGURED)
      return (await client()).chat(config.model)
    },
    image: async () => (hasImageModel && config.imageModel ? (await client()).image(config.imageModel) : null),
  }
}

const requestUrl = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/**
 * The SDK's image model expects `b64_json`; some OpenAI-compatible servers answer with a `url`
 * whatever is asked. Such a URL is downloaded here (through the SSRF-safe fetcher unless it is on
 * the provider's own origin) and handed on as base64, so a picture is never hot-linked.
 */
function inlineImageUrls(config: AiConfig, options: ProviderOptions): typeof fetch {
  const providerOrigin = new URL(config.baseUrl).origin
  return async (input, init) => {
    const response = await fetch(input, init)
    const path = new URL(requestUrl(input)).pathname
    if (!response.ok || !path.endsWith('/images/generations')) return response
    const text = await response.text()
    let body: { data?: Array<{ b64_json?: unknown; url?: unknown }> }
    try {
      body = JSON.parse(text)
    } catch {
      return new Response(text, { status: response.status, headers: response.headers })
    }
    for (const item of body.data ?? []) {
      if (typeof item?.b64_json === 'string' || typeof item?.url !== 'string') continue
      const bytes = await downloadImage(item.url, providerOrigin, options, init?.signal ?? undefined)
      item.b64_json = bytes.toString('base64')
      delete item.url
    }
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    headers.delete('content-encoding')
    return new Response(JSON.stringify(body), { status: response.status, headers })
  }
}

async function downloadImage(
  address: string,
  providerOrigin: string,
  options: ProviderOptions,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  const image = {
    accept: (mediaType: string) => mediaType.startsWith('image/'),
    refuse: (mediaType: string) => `The image model's picture link is not an image (${mediaType || 'no type'}).`,
  }
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new AiError(502, 'The image model answered with an invalid picture link.')
  }
  if (url.origin === providerOrigin) {
    // The provider's own host is as trusted as AI_BASE_URL itself (it may be a local server).
    const response = await fetch(url, { redirect: 'error', signal })
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!response.ok || !image.accept(mediaType) || !response.body) {
      throw new AiError(502, `The image model's picture could not be downloaded (HTTP ${response.status}).`)
    }
    const chunks: Uint8Array[] = []
    let total = 0
    for await (const chunk of response.body) {
      total += chunk.length
      if (total > GENERATED_IMAGE_MAX_BYTES) throw new AiError(502, "The image model's picture is too large.")
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }
  try {
    const fetched = await safeFetch(address, image, {
      timeoutMs: IMAGE_DOWNLOAD_TIMEOUT_MS,
      ...options.download,
      maxBytes: GENERATED_IMAGE_MAX_BYTES,
      signal,
    })
    return fetched.body
  } catch (error) {
    if (error instanceof SafeFetchError) {
      throw new AiError(502, `The picture link was not downloaded: ${error.message}`, { cause: error })
    }
    throw error
  }
}
