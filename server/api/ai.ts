import { zValidator } from '@hono/zod-validator'
import { type Context, Hono, type ValidationTargets } from 'hono'
import { stream } from 'hono/streaming'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import {
  AI_NOT_CONFIGURED,
  CONTENT_FAILED,
  ContentRequest,
  type ContentStreamEvent,
  ExpandRequest,
  ImageRequest,
  RewriteInput,
  TrendingTopicsInput,
} from '#common/contract/ai.ts'
import { fieldMessages, validationSentence } from '#common/contract/errors.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { requireAdmin } from '#server/http/middleware.ts'
import type { CallContext } from '#server/services/ai/call.ts'
import { AiError } from '#server/services/ai/errors.ts'
import { type AiStudio, createAiStudio } from '#server/services/ai/studio.ts'

/**
 * The AI studio (issue 4, SPEC §7): /api/blog/ai/*, admin only, rate-limited per admin.
 * Bodies and answers: common/contract/ai.ts. docs/decisions/008-ai-provider-and-offline-mode.md
 */

const studioOf = (c: Context<AppEnv>): AiStudio => c.var.services.ai ?? createAiStudio(c.var.config)

const ctxOf = (c: Context<AppEnv>, signal?: AbortSignal): CallContext => ({
  log: c.var.log,
  signal: signal ?? c.req.raw.signal,
})

/** Validation whose `error` is the field's own sentence when it is one ('Please add at least one keyword.'). */
const validate = <K extends keyof ValidationTargets, S extends z.ZodType>(target: K, schema: S) =>
  zValidator(target, schema, (result, c) => {
    if (result.success) return
    const fields = fieldMessages(result.error)
    const first = Object.values(fields)[0] ?? ''
    const error = first.endsWith('.') ? first : validationSentence(fields)
    return apiError(c, 400, error, fields, { success: false })
  })

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

/** 503 with the setup hint when no API key is set (the text endpoints only). */
function notConfigured(c: Context<AppEnv>) {
  return studioOf(c).provider.configured ? null : apiError(c, 503, AI_NOT_CONFIGURED, {}, { success: false })
}

/** A stuck or looping client must not run up the provider bill: AI_RATE_LIMIT calls per admin per 10 minutes. */
async function rateLimited(c: Context<AppEnv>) {
  const { rateLimit, rateWindowMs } = c.var.config.ai
  const hit = await c.var.services.throttle.hit(`ai:${c.var.userId}`, rateWindowMs)
  if (hit.count <= rateLimit) return null
  const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000))
  const minutes = Math.ceil(seconds / 60)
  c.header('Retry-After', String(seconds))
  c.var.log.warn({ event: 'ai_rate_limited', userId: c.var.userId }, 'AI rate limit reached')
  return apiError(
    c,
    429,
    `Too many AI requests: at most ${rateLimit} every ${Math.round(rateWindowMs / 60_000)} minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {},
    { success: false },
  )
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
  .post('/trending-topics', validate('json', TrendingTopicsInput), async (c) => {
    const refused = notConfigured(c) ?? (await rateLimited(c))
    if (refused) return refused
    const { keywords } = c.req.valid('json')
    return answer(c, async () => c.json({ topics: await studioOf(c).trendingTopics(keywords, ctxOf(c)) }))
  })
  .post('/generate-content', validate('json', ContentRequest), async (c) => {
    const refused = notConfigured(c) ?? (await rateLimited(c))
    if (refused) return refused
    const request = c.req.valid('json')
    return answer(c, async () => c.json(await studioOf(c).generateContent(request, ctxOf(c))))
  })
  .post('/generate-content/stream', validate('json', ContentRequest), async (c) => {
    const refused = notConfigured(c) ?? (await rateLimited(c))
    if (refused) return refused
    const request = c.req.valid('json')
    return ndjsonStream(c, (ctx, send) => studioOf(c).streamContent(request, ctx, send))
  })
  .post('/expand-content/stream', validate('json', ExpandRequest), async (c) => {
    const refused = notConfigured(c) ?? (await rateLimited(c))
    if (refused) return refused
    const request = c.req.valid('json')
    return ndjsonStream(c, (ctx, send) => studioOf(c).expandContent(request, ctx, send))
  })
  .post('/generate-image', validate('json', ImageRequest), async (c) => {
    // No 503 here: without a key (or an image model) the branded cover is made on this server.
    const refused = await rateLimited(c)
    if (refused) return refused
    const input = c.req.valid('json')
    return answer(c, async () => {
      const image = await studioOf(c).generateImage(c.var.db, input, ctxOf(c))
      return c.json({ success: true, url: image.url, message: image.message, source: image.source })
    })
  })
  .post('/rewrite-article', validate('json', RewriteInput), async (c) => {
    const refused = notConfigured(c) ?? (await rateLimited(c))
    if (refused) return refused
    const { url } = c.req.valid('json')
    return answer(c, async () => c.json(await studioOf(c).rewriteArticle(url, ctxOf(c))))
  })
