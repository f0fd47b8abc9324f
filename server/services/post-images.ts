import pLimit from 'p-limit'
import { imageSources } from '#common/markdown.ts'
import type { Db } from '#server/db/client.ts'
import { SafeFetchError, type SafeFetchOptions, safeFetch, seconds } from '#server/services/ai/safe-fetch.ts'
import { DomainError, UnprocessableError } from '#server/services/errors.ts'
import { decodeDataUrl, storeImage } from '#server/services/images.ts'

/**
 * Images of a post are kept on this site (issue 10 §1, docs/decisions/023): on create and update,
 * every http(s) image (the featured image, the image manager's list and each image in the
 * content) is fetched through the SSRF-safe fetcher, re-encoded by the image pipeline and replaced
 * by its `/images/<sha256>.<ext>` address; every embedded `data:image/…` image in the content is
 * stored the same way, so a body never carries base64. Any image that cannot be brought in fails
 * the whole save with 422 naming it: nothing is stored half-imported.
 */

/** Distinct images one save may bring in (more than any real post; bounds the work of a save). */
export const IMPORTED_IMAGES_MAX = 30
/** Per image, and for all of one save's images together. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000
export const IMPORT_DEADLINE_MS = 30_000
const FETCHES_AT_ONCE = 4
/** docs/product.md §5: under 5 MB. */
const FETCH_MAX_BYTES = 5_242_879

export interface PostImages {
  featuredImage?: string | null | undefined
  images?: string[] | undefined
  content?: string | undefined
  /** Alt texts by image address: a rewritten address takes its alt text along (issue 15). */
  imageAlts?: Record<string, string> | undefined
}

const isRemote = (src: string) => /^https?:\/\//i.test(src)
const isData = (src: string) => /^data:/i.test(src)

const acceptImages = {
  accept: (mediaType: string) => mediaType.startsWith('image/') && mediaType !== 'image/svg+xml',
  refuse: (mediaType: string) => `it is not a picture (${mediaType || 'no content type'})`,
}

/** A short name for messages: the address, or the kind of an embedded image. */
const label = (src: string) => (isData(src) ? `an embedded ${src.slice(5, src.indexOf(';')) || 'image'}` : src)

/** The post's values with every outside or embedded image replaced by its address on this site. */
export async function importPostImages<T extends PostImages>(
  db: Db,
  values: T,
  fetchOptions: SafeFetchOptions = {},
): Promise<T> {
  const wanted = new Map<string, string>() // source → the field named when it fails
  const want = (src: string | null | undefined, field: string) => {
    const trimmed = src?.trim() ?? ''
    if ((isRemote(trimmed) || isData(trimmed)) && !wanted.has(trimmed)) wanted.set(trimmed, field)
  }
  want(values.featuredImage, 'featuredImage')
  for (const [i, src] of (values.images ?? []).entries()) want(src, `images.${i}`)
  if (values.content) {
    for (const src of imageSources(values.content)) want(src, 'content')
    // Embedded images the renderer does not show (SVG, other types) are refused, not kept as text.
    for (const [, src] of values.content.matchAll(/!\[[^\]]*\]\(\s*<?(data:[^)\s>]+)/gi)) want(src, 'content')
  }
  if (wanted.size === 0) return values
  if (wanted.size > IMPORTED_IMAGES_MAX) {
    throw new UnprocessableError(
      `A post may bring in at most ${IMPORTED_IMAGES_MAX} images from other sites at once.`,
      {
        content: `At most ${IMPORTED_IMAGES_MAX} images to import`,
      },
    )
  }

  const deadline = AbortSignal.timeout(IMPORT_DEADLINE_MS)
  const limit = pLimit(FETCHES_AT_ONCE)
  const stored = new Map<string, string>()
  await Promise.all(
    [...wanted].map(([src, field]) =>
      limit(async () => {
        try {
          stored.set(src, await bringIn(db, src, fetchOptions, deadline))
        } catch (error) {
          const reason = error instanceof Error ? error.message.replace(/\.$/, '') : 'it could not be read'
          const message = `The image ${label(src)} could not be imported: ${reason}.`
          throw new UnprocessableError(message, { [field]: message })
        }
      }),
    ),
  )

  const local = (src: string | null | undefined) => (src ? (stored.get(src.trim()) ?? src) : src)
  const next: T = { ...values }
  if (values.featuredImage !== undefined) next.featuredImage = local(values.featuredImage) ?? null
  if (values.images) next.images = values.images.map((src) => local(src) ?? src)
  if (values.content) next.content = replaceSources(values.content, stored)
  if (values.imageAlts) {
    next.imageAlts = Object.fromEntries(Object.entries(values.imageAlts).map(([src, alt]) => [local(src) ?? src, alt]))
  }
  return next
}

async function bringIn(db: Db, src: string, fetchOptions: SafeFetchOptions, deadline: AbortSignal) {
  if (isData(src)) return store(db, () => decodeDataUrl(src, 'image'), 'image')
  const timeoutMs = fetchOptions.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS
  const fetched = await safeFetch(src, acceptImages, {
    ...fetchOptions,
    timeoutMs,
    maxBytes: FETCH_MAX_BYTES,
    signal: deadline,
  }).catch((error: unknown) => {
    // The fetcher speaks of pages; here it is a picture.
    const code = error instanceof SafeFetchError ? error.code : null
    if (code === 'too-large') throw new Error('it is 5 MB or larger')
    if (code === 'timeout') throw new Error(`it did not arrive within ${seconds(timeoutMs)}`)
    throw error
  })
  return store(db, () => fetched.body, new URL(fetched.url).pathname.split('/').pop() || 'image')
}

/** Through the image pipeline; its refusals ('name: Only image files are allowed') read as reasons. */
async function store(db: Db, bytes: () => Uint8Array, name: string) {
  try {
    return (await storeImage(db, bytes(), name)).url
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const reason = error.message.startsWith(`${name}: `) ? error.message.slice(name.length + 2) : error.message
    throw new Error(reason.charAt(0).toLowerCase() + reason.slice(1))
  }
}

/** Each image address of the markdown replaced, where it stands as an image destination. */
function replaceSources(content: string, stored: Map<string, string>) {
  let out = content
  for (const [src, url] of stored) {
    // `](src` / `](<src>` (inline images) and `]: src` (reference definitions).
    out = out
      .replaceAll(`](${src}`, `](${url}`)
      .replaceAll(`](<${src}>`, `](<${url}>`)
      .replaceAll(`]: ${src}`, `]: ${url}`)
  }
  return out
}
