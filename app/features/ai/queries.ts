import { queryOptions, useMutation } from '@tanstack/react-query'
import { readContentEvents } from '#app/features/ai/content-stream.ts'
import { ApiError, api } from '#app/lib/api-client.ts'
import {
  AiStatus,
  CONTENT_FAILED,
  type ContentRequest,
  type ContentStreamEvent,
  type ExpandRequest,
  type GeneratedContent,
  type ImageRequest,
  ImageResponse,
  RewriteResult,
  TrendingTopicsResponse,
} from '#common/contract/ai.ts'

export const aiKeys = {
  all: ['ai'] as const,
  status: () => [...aiKeys.all, 'status'] as const,
}

/** GET /api/blog/ai/status: whether AI_API_KEY (and an image model) are set; the setup hint hangs on it. */
export const aiStatusOptions = () =>
  queryOptions({ queryKey: aiKeys.status(), queryFn: () => api.get('/api/blog/ai/status', AiStatus) })

/** docs/product.md §7 POST /api/blog/ai/trending-topics {keywords} → {topics}. */
export function useTrendingTopics() {
  return useMutation({
    mutationFn: (keywords: string[]) =>
      api.post('/api/blog/ai/trending-topics', { keywords }, TrendingTopicsResponse).then((r) => r.topics),
  })
}

/** docs/product.md §7 POST /api/blog/ai/generate-image {title, description} → {success, url, message}. */
export function useGenerateImage() {
  return useMutation({
    mutationFn: (input: ImageRequest) => api.post('/api/blog/ai/generate-image', input, ImageResponse),
  })
}

/** docs/product.md §7 POST /api/blog/ai/rewrite-article {url} → the rewrite result of docs/product.md §3. */
export function useRewriteArticle() {
  return useMutation({
    mutationFn: (url: string) => api.post('/api/blog/ai/rewrite-article', { url }, RewriteResult),
  })
}

/** A failure the stream itself reported (its last line), after the 200 status had been sent. */
export class StreamFailure extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'StreamFailure'
    this.status = status
  }
}

/** The last line of a stream that ended well: the post ('done') or the expanded markdown ('expanded'). */
type Finished = Extract<ContentStreamEvent, { type: 'done' | 'expanded' }>

/**
 * The streamed AI calls (docs/decisions/010): hands every event to `onEvent` as it arrives and
 * resolves with the last line. Refusals before the stream (400, 401, 429, 503) throw ApiError like
 * any other call; an 'error' line throws StreamFailure.
 */
async function readStream(
  path: string,
  body: unknown,
  onEvent: (event: ContentStreamEvent) => void,
  signal?: AbortSignal,
): Promise<Finished> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    signal,
  })
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText)
  if (!res.body) throw new StreamFailure(CONTENT_FAILED, 502)
  for await (const event of readContentEvents(res.body)) {
    onEvent(event)
    if (event.type === 'done' || event.type === 'expanded') return event
    if (event.type === 'error') throw new StreamFailure(event.error, event.status)
  }
  // The connection closed before the last line: nothing validated arrived.
  throw new StreamFailure(CONTENT_FAILED, 502)
}

/** POST /api/blog/ai/generate-content/stream: the post and what the writer should know about it. */
export async function streamBlogContent(
  request: ContentRequest,
  onEvent: (event: ContentStreamEvent) => void,
  signal?: AbortSignal,
): Promise<{ content: GeneratedContent; notices: string[] }> {
  const last = await readStream('/api/blog/ai/generate-content/stream', request, onEvent, signal)
  if (last.type !== 'done') throw new StreamFailure(CONTENT_FAILED, 502)
  return { content: last.content, notices: last.notices }
}

/** POST /api/blog/ai/expand-content/stream ('Expand', issue 11 §6): the lengthened markdown. */
export async function expandBlogContent(
  request: ExpandRequest,
  onEvent: (event: ContentStreamEvent) => void,
  signal?: AbortSignal,
): Promise<{ content: string; notices: string[] }> {
  const last = await readStream('/api/blog/ai/expand-content/stream', request, onEvent, signal)
  if (last.type !== 'expanded') throw new StreamFailure(CONTENT_FAILED, 502)
  return { content: last.content, notices: last.notices }
}

export function useGenerateContent() {
  return useMutation({
    mutationFn: (input: {
      request: ContentRequest
      onEvent: (event: ContentStreamEvent) => void
      signal?: AbortSignal
    }) => streamBlogContent(input.request, input.onEvent, input.signal),
  })
}
