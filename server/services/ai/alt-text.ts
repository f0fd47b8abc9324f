import { suggestedAltText } from '#common/alt-text.ts'
import { ALT_IMAGE_PATH } from '#common/contract/ai.ts'
import { ALT_MAX, IMAGE_PIXELS_MAX } from '#common/limits.ts'
import type { Db } from '#server/db/client.ts'
import { attemptLogger, type CallContext, toAiError, withTransportRetry } from '#server/services/ai/call.ts'
import { AiError } from '#server/services/ai/errors.ts'
import { type AiProvider, loadAiSdk } from '#server/services/ai/provider.ts'
import { FETCH_STATUS } from '#server/services/ai/rewrite.ts'
import { SafeFetchError, type SafeFetchOptions, safeFetch, seconds } from '#server/services/ai/safe-fetch.ts'
import { NotFoundError } from '#server/services/errors.ts'
import { imageJob } from '#server/services/image-jobs.ts'
import { loadImage } from '#server/services/images.ts'
import { loadSharp } from '#server/services/sharp.ts'

/**
 * Issue 15 §3: an alt text suggested by the provider's vision model (AI_MODEL must see images).
 * The picture is sent as bytes, never as a link: the provider must not fetch our host or anyone's.
 * docs/decisions/034-alt-text-and-internal-links.md
 */

/** docs/product.md §5: pictures are under 5 MB. */
const FETCH_MAX_BYTES = 5_242_879
const FETCH_TIMEOUT_MS = 10_000
/** A vision model sees little more than this; smaller pictures cost fewer tokens. */
const SENT_SIDE_MAX = 1024

const INSTRUCTIONS = [
  'You write alt text for images on a marketing blog, for people who use screen readers.',
  'Describe what the image shows and what matters about it in one plain sentence of at most 125 characters.',
  'Do not start with "Image of", "Picture of" or "Photo of". Do not add quotes, a label or any other text.',
].join(' ')

const acceptImages = {
  accept: (mediaType: string) => mediaType.startsWith('image/') && mediaType !== 'image/svg+xml',
  refuse: (mediaType: string) => `That address is not a picture (${mediaType || 'no content type'}).`,
}

/** The picture's bytes: ours from the database, another site's through the SSRF-safe fetcher. */
async function readImage(db: Db, imageUrl: string, fetchOptions: SafeFetchOptions, ctx: CallContext) {
  const own = ALT_IMAGE_PATH.exec(imageUrl)
  if (own) {
    const image = await loadImage(db, own[1] as string)
    if (!image) throw new NotFoundError('Image not found')
    return image.bytes
  }
  const timeoutMs = fetchOptions.timeoutMs ?? FETCH_TIMEOUT_MS
  try {
    const fetched = await safeFetch(imageUrl, acceptImages, {
      ...fetchOptions,
      timeoutMs,
      maxBytes: FETCH_MAX_BYTES,
      signal: ctx.signal,
    })
    return fetched.body
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error
    const status = FETCH_STATUS[error.code]
    // The fetcher speaks of pages; here it is a picture (a trickling host has answered, slowly).
    const message =
      error.code === 'too-large'
        ? 'The picture is 5 MB or larger.'
        : error.code === 'timeout'
          ? `The picture did not arrive within ${seconds(timeoutMs)}.`
          : error.message
    throw new AiError(status, message, { fields: status === 400 ? { imageUrl: message } : {}, cause: error })
  }
}

/** Any picture → a JPEG of at most 1024 px a side, which every vision model reads. */
async function forVision(bytes: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp()
  try {
    return await imageJob(() =>
      sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize({ width: SENT_SIDE_MAX, height: SENT_SIDE_MAX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer(),
    )
  } catch (error) {
    throw new AiError(422, 'The picture could not be read as an image.', { cause: error })
  }
}

export async function suggestAltText(
  provider: AiProvider,
  db: Db,
  ctx: CallContext,
  imageUrl: string,
  fetchOptions: SafeFetchOptions = {},
): Promise<string> {
  const model = await provider.text() // the 503 before any fetch when AI is not configured
  const { generateText } = await loadAiSdk()
  const picture = await forVision(await readImage(db, imageUrl, fetchOptions, ctx))
  const log = attemptLogger(ctx, 'alt-text', provider.config.model, 1)
  let text: string
  try {
    const result = await withTransportRetry(provider, ctx, 'alt-text', () =>
      generateText({
        model,
        instructions: INSTRUCTIONS,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Write the alt text for this image.' },
              { type: 'file', mediaType: 'image/jpeg', data: { type: 'data', data: picture } },
            ],
          },
        ],
        maxRetries: 0,
        timeout: provider.config.textTimeoutMs,
        abortSignal: ctx.signal,
        maxOutputTokens: 200,
        temperature: 0.2,
      }),
    )
    text = result.text
    log('ok', result.usage)
  } catch (error) {
    log('error')
    throw toAiError(error, provider)
  }
  const suggestion = suggestedAltText(text)
  if (!suggestion.ok) throw new AiError(502, REFUSED[suggestion.reason])
  return suggestion.alt
}

/** Issue 27 §10: the provider answered, but nothing fit for the field; its answer is not shown. */
const REFUSED = {
  empty: 'The alt text suggestion failed: the AI returned no description for this image. Please try again.',
  'not-plain': 'The alt text suggestion failed: the AI did not answer with a plain description. Please try again.',
  'too-long': `The alt text suggestion failed: the AI's description was longer than ${ALT_MAX} characters. Please try again.`,
} as const
