import { type Context, Hono, type ValidationTargets } from 'hono'
import { stream } from 'hono/streaming'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import {
  AltTextRequest,
  CONTENT_FAILED,
  ContentRequest,
  type ContentStreamEvent,
  ExpandRequest,
  ImageRequest,
  RewriteInput,
  TrendingTopicsInput,
} from '#common/contract/ai.ts'
import { requireAiConfigured, requireAiQuota, studioOf } from '#server/http/ai-access.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin } from '#server/http/middleware.ts'
import { ownSentence, validate as validateWith } from '#server/http/validate.ts'
import type { CallContext } from '#server/services/ai/call.ts'
import { AiError } from '#server/services/ai/errors.ts'

/**
 * The AI studio (issue 4, docs/product.md §7): /api/blog/ai/*, admin only, rate-limited per admin.
 * Bodies and answers: common/contract/ai.ts. docs/decisions/008-ai-provider-and-offline-mode.md
 */

const ctxOf = (c: Context<AppEnv>, signal?: AbortSignal): CallContext => ({
  log: c.var.log,
  signal: signal ?? c.req.raw.signal,
})

/** Validation whose `error` is the field's own sentence when it is one ('Please add at least one keyword.'). */
const validate = <K extends keyof ValidationTargets, S extends z.ZodType>(target: K, schema: S) =>
  validateWith(target, schema, { success: false }, ownSentence)

function aiErrorResponse(c: Context<AppEnv>, error: AiError) {
  if (error.retryAfterSeconds !== null) c.header('Retry-After', String(error.retryAfterSeconds))
  return apiError(c, error.status as ContentfulStatusCode, error.message, error.fields, { success: false })
}

async function answer(c: Context<AppEnv>, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AiError) return aiErrorResponse(c, error)
    throw error
  }
}

/**
 * The NDJSON answer of the streamed operations (docs/decisions/010): every event a line, a
 * failure after the 200 as an 'error' line, and the provider call stopped when the client leaves.
 */
function ndjsonStream(
  c: Context<AppEnv>,
  work: (ctx: CallContext, send: (event: ContentStreamEvent) => Promise<void>) => Promise<unknown>,
) {
  c.header('Content-Type', 'application/x-ndjson; charset=utf-8')
  // Proxies (nginx) must pass each line on at once.
  c.header('X-Accel-Buffering', 'no')
  return stream(c, async (out) => {
    const cancelled = new AbortController()
    out.onAbort(() => cancelled.abort(new DOMException('The client went away.', 'AbortError')))
    const signal = AbortSignal.any([c.req.raw.signal, cancelled.signal])
    const send = async (event: ContentStreamEvent) => {
      if (!out.aborted) await out.write(`${JSON.stringify(event)}\n`)
    }
    try {
      await work(ctxOf(c, signal), send)
    } catch (error) {
      const failure = error instanceof AiError ? error : new AiError(502, CONTENT_FAILED, { cause: error })
      if (!(error instanceof AiError)) c.var.log.error({ err: error }, 'content stream failed')
      await send({ type: 'error', error: failure.message, status: failure.status })
    }
  })
}

export const ai = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/status', (c) => c.json(studioOf(c).status()))
  .post('/trending-topics', validate('json', TrendingTopicsInput), requireAiConfigured, requireAiQuota, async (c) => {
    const { keywords } = c.req.valid('json')
    return answer(c, async () => c.json({ topics: await studioOf(c).trendingTopics(keywords, ctxOf(c)) }))
  })
  .post('/generate-content', validate('json', ContentRequest), requireAiConfigured, requireAiQuota, async (c) => {
    const request = c.req.valid('json')
    return answer(c, async () => c.json(await studioOf(c).generateContent(request, ctxOf(c))))
  })
  .post(
    '/generate-content/stream',
    validate('json', ContentRequest),
    requireAiConfigured,
    requireAiQuota,
    async (c) => {
      const request = c.req.valid('json')
      return ndjsonStream(c, (ctx, send) => studioOf(c).streamContent(request, ctx, send))
    },
  )
  .post('/expand-content/stream', validate('json', ExpandRequest), requireAiConfigured, requireAiQuota, async (c) => {
    const request = c.req.valid('json')
    return ndjsonStream(c, (ctx, send) => studioOf(c).expandContent(request, ctx, send))
  })
  // No 503 here: without a key (or an image model) the branded cover is made on this server.
  .post('/generate-image', validate('json', ImageRequest), requireAiQuota, async (c) => {
    const input = c.req.valid('json')
    return answer(c, async () => {
      const image = await studioOf(c).generateImage(c.var.db, input, ctxOf(c))
      return c.json({ success: true, url: image.url, message: image.message, source: image.source })
    })
  })
  .post('/rewrite-article', validate('json', RewriteInput), requireAiConfigured, requireAiQuota, async (c) => {
    const { url } = c.req.valid('json')
    return answer(c, async () => c.json(await studioOf(c).rewriteArticle(url, ctxOf(c))))
  })
  .post('/alt-text', validate('json', AltTextRequest), requireAiConfigured, requireAiQuota, async (c) => {
    const { imageUrl } = c.req.valid('json')
    return answer(c, async () => c.json({ alt: await studioOf(c).altText(c.var.db, imageUrl, ctxOf(c)) }))
  })
