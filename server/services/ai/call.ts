import type { APICallError, LanguageModel } from 'ai'
import type { z } from 'zod'
import type { Logger } from '#server/logger.ts'
import { AiError } from '#server/services/ai/errors.ts'
import { type AiProvider, type AiSdk, loadAiSdk, loadedAiSdk } from '#server/services/ai/provider.ts'

/** Who asked, for logs and cancellation: a closed browser tab stops the provider call. */
export interface CallContext {
  log: Logger
  signal?: AbortSignal
}

/**
 * The outcome of a quality check: the (possibly normalized) value, or why it is not acceptable.
 * `usable` is a value that misses a rule but is worth keeping: it is asked for once more, and if
 * the last answer is still only usable, that answer is returned rather than thrown away.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string; usable?: T }

export interface StructuredCall<S extends z.ZodType, T> {
  /** Operation name for the logs (trending-topics, generate-content…). */
  op: string
  /** Schema name sent to the provider (response_format.json_schema.name). */
  name: string
  description: string
  /** What the model must produce: plain JSON-schema-friendly zod (no transforms, no lengths). */
  schema: S
  instructions: string
  prompt: string
  /** Validates and normalizes what the schema alone cannot: lengths, structure, coverage. */
  check: (output: z.infer<S>) => Checked<T>
  maxOutputTokens?: number
  temperature?: number
}

/** Most back-off we accept from a provider's Retry-After before the one retry. */
const RETRY_AFTER_CAP_MS = 10_000
/** Structured output: one first answer plus one retry, then a refusal. */
const OUTPUT_ATTEMPTS = 2

/** A provider's HTTP failure. The SDK makes these, so there is none before it has loaded. */
const isApiCallError = (error: unknown): error is APICallError => loadedAiSdk()?.APICallError.isInstance(error) ?? false

const isRetryableStatus = (status: number | undefined) => status === 429 || (status !== undefined && status >= 500)

function retryAfterMs(error: APICallError): number | null {
  const header = error.responseHeaders?.['retry-after']
  if (!header) return null
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now()
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, RETRY_AFTER_CAP_MS) : null
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The one retry of a 429 or 5xx answer, after a back-off (the provider's Retry-After when given). */
export async function withTransportRetry<T>(
  provider: AiProvider,
  ctx: CallContext,
  op: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (!isApiCallError(error) || !isRetryableStatus(error.statusCode)) throw error
    const delay = retryAfterMs(error) ?? provider.config.retryDelayMs
    ctx.log.warn({ event: 'ai_retry', op, status: error.statusCode, delayMs: delay }, 'AI provider busy; retrying once')
    await wait(delay, ctx.signal)
    return fn()
  }
}

const seconds = (ms: number) => {
  const n = ms % 1000 === 0 ? ms / 1000 : Number((ms / 1000).toFixed(1))
  return `${n} second${n === 1 ? '' : 's'}`
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError'
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError'

/** Any failure of a provider call → an AiError with a status and a sentence fit to show. */
export function toAiError(error: unknown, provider: AiProvider, what: 'text' | 'image' = 'text'): AiError {
  if (error instanceof AiError) return error
  if (isTimeout(error)) {
    const ms = what === 'image' ? provider.config.imageTimeoutMs : provider.config.textTimeoutMs
    return new AiError(504, `The AI provider did not answer within ${seconds(ms)}. Please try again.`, { cause: error })
  }
  if (isAbort(error)) return new AiError(499, 'The request was cancelled.', { cause: error })
  if (isApiCallError(error)) {
    const status = error.statusCode
    const modelVar = what === 'image' ? 'AI_IMAGE_MODEL' : 'AI_MODEL'
    const model = what === 'image' ? provider.config.imageModel : provider.config.model
    if (status === undefined) {
      return new AiError(502, 'Could not reach the AI provider. Check AI_BASE_URL and that the server is running.', {
        cause: error,
      })
    }
    if (status === 401 || status === 403) {
      return new AiError(502, `The AI provider refused the API key (HTTP ${status}). Check AI_API_KEY.`, {
        cause: error,
      })
    }
    if (status === 404) {
      return new AiError(502, `The AI provider does not offer the model "${model}". Check ${modelVar}.`, {
        cause: error,
      })
    }
    if (status === 429) {
      const after = retryAfterMs(error)
      return new AiError(503, 'The AI provider is rate-limiting requests. Please wait a minute and try again.', {
        cause: error,
        retryAfterSeconds: after === null ? 60 : Math.max(1, Math.ceil(after / 1000)),
      })
    }
    if (status >= 500) {
      return new AiError(502, `The AI provider had an internal error (HTTP ${status}). Please try again.`, {
        cause: error,
      })
    }
    return new AiError(
      502,
      `The AI provider rejected the request (HTTP ${status}). Check ${modelVar} and AI_BASE_URL.`,
      {
        cause: error,
      },
    )
  }
  return new AiError(502, 'The AI provider call failed. Please try again.', { cause: error })
}

interface Usage {
  inputTokens?: number | undefined
  outputTokens?: number | undefined
  totalTokens?: number | undefined
}

/** One line per provider call: tokens and time, never the prompt or the answer. */
export function logUsage(
  ctx: CallContext,
  fields: { op: string; model: string; attempt: number; ms: number; outcome: string; usage?: Usage | undefined },
) {
  ctx.log.info(
    {
      event: 'ai_call',
      op: fields.op,
      model: fields.model,
      attempt: fields.attempt,
      outcome: fields.outcome,
      ms: Math.round(fields.ms),
      inputTokens: fields.usage?.inputTokens ?? null,
      outputTokens: fields.usage?.outputTokens ?? null,
      totalTokens: fields.usage?.totalTokens ?? null,
    },
    'AI call',
  )
}

/** The usage line of one attempt, timed from now: `log('ok', usage)`. */
export function attemptLogger(ctx: CallContext, op: string, model: string, attempt: number) {
  const started = performance.now()
  return (outcome: string, usage?: Usage) =>
    logUsage(ctx, { op, model, attempt, ms: performance.now() - started, outcome, usage })
}

/** The caller went away (a closed tab): not the provider's fault, and nobody reads the answer. */
const cancelled = (cause: unknown) => new AiError(499, 'The request was cancelled.', { cause })

/** A rejection reason without the quoted text in it (key points, titles, copied runs are prompt or answer text). */
const loggable = (reason: string) => reason.replace(/"[^"]*"/g, '"…"')

const feedback = (reason: string) =>
  `\n\nIMPORTANT: your previous answer was rejected because ${reason}. Write a new answer that follows every rule above.`

const refusal = (reason: string) =>
  new AiError(
    502,
    `The AI's answer did not meet the requirements twice in a row (${reason}), so nothing was kept. Please try again.`,
  )

/** What both ways of calling send: the schema, the prompt (with the reason of a retry), no SDK retries, the time-out. */
function callOptions<S extends z.ZodType, T>(
  { Output }: AiSdk,
  provider: AiProvider,
  ctx: CallContext,
  call: StructuredCall<S, T>,
  model: LanguageModel,
  retryNote: string,
) {
  return {
    model,
    output: Output.object({ schema: call.schema, name: call.name, description: call.description }),
    instructions: call.instructions,
    prompt: call.prompt + retryNote,
    maxRetries: 0,
    timeout: provider.config.textTimeoutMs,
    abortSignal: ctx.signal,
    maxOutputTokens: call.maxOutputTokens,
    temperature: call.temperature,
  }
}

/**
 * Structured output validated by zod and by `check`; an answer that does not fit is asked for
 * once more with the reason, then refused. Never returns a half-valid value.
 */
export async function generateStructured<S extends z.ZodType, T>(
  provider: AiProvider,
  ctx: CallContext,
  call: StructuredCall<S, T>,
): Promise<T> {
  const model = await provider.text()
  const sdk = await loadAiSdk()
  const { NoObjectGeneratedError, NoOutputGeneratedError } = sdk
  return untilChecked(ctx, call, async (attempt, reason) => {
    const logCall = attemptLogger(ctx, call.op, provider.config.model, attempt)
    try {
      const result = await withTransportRetry(provider, ctx, call.op, () =>
        sdk.generateText(callOptions(sdk, provider, ctx, call, model, attempt === 1 ? '' : feedback(reason))),
      )
      logCall('ok', result.usage)
      return result.output as z.infer<S>
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error)) {
        logCall('invalid-output', NoObjectGeneratedError.isInstance(error) ? error.usage : undefined)
        return undefined
      }
      logCall('error')
      throw ctx.signal?.aborted ? cancelled(error) : toAiError(error, provider)
    }
  })
}

/**
 * The attempts both ways of calling share: `once` returns the model's output, or undefined when it
 * was not readable. An answer `check` refuses is asked for once more with the reason, then refused;
 * a refused answer `check` still found usable is returned after the last attempt.
 */
async function untilChecked<S extends z.ZodType, T>(
  ctx: CallContext,
  call: StructuredCall<S, T>,
  once: (attempt: number, reason: string) => Promise<z.infer<S> | undefined>,
): Promise<T> {
  let reason = ''
  let usable: T | undefined
  for (let attempt = 1; attempt <= OUTPUT_ATTEMPTS; attempt++) {
    const output = await once(attempt, reason)
    // An unreadable answer keeps the usable one before it, if any.
    if (output === undefined) {
      reason = 'it was not valid JSON of the requested shape'
      continue
    }
    const checked = call.check(output)
    if (checked.ok) return checked.value
    reason = checked.reason
    usable = checked.usable
    ctx.log.warn({ event: 'ai_output_rejected', op: call.op, attempt, reason: loggable(reason) }, 'AI answer rejected')
  }
  if (usable !== undefined) return usable
  throw refusal(reason)
}

export type StreamEvent<P> =
  | { type: 'start'; attempt: number }
  | { type: 'partial'; partial: P }
  | { type: 'retry'; attempt: number; reason: string }

/**
 * The streaming twin of generateStructured: partial objects are handed to `onEvent` as the model
 * writes; the final object goes through the same checks, with the same one retry (announced by a
 * 'retry' event so the client clears what it showed).
 */
export async function streamStructured<S extends z.ZodType, T>(
  provider: AiProvider,
  ctx: CallContext,
  call: StructuredCall<S, T>,
  onEvent: (event: StreamEvent<unknown>) => Promise<void> | void,
): Promise<T> {
  const model = await provider.text()
  const sdk = await loadAiSdk()
  const { NoObjectGeneratedError, NoOutputGeneratedError } = sdk
  return untilChecked(ctx, call, async (attempt, reason) => {
    if (attempt > 1) await onEvent({ type: 'retry', attempt, reason })
    await onEvent({ type: 'start', attempt })
    const logCall = attemptLogger(ctx, call.op, provider.config.model, attempt)
    let emitted = false
    let transportRetried = false
    for (;;) {
      const errors: unknown[] = []
      const result = sdk.streamText({
        ...callOptions(sdk, provider, ctx, call, model, attempt === 1 ? '' : feedback(reason)),
        onError: ({ error }) => {
          errors.push(error)
        },
      })
      try {
        for await (const partial of result.partialOutputStream) {
          emitted = true
          await onEvent({ type: 'partial', partial })
        }
        const output = (await result.output) as z.infer<S>
        logCall('ok', await Promise.resolve(result.usage).catch(() => undefined))
        return output
      } catch (caught) {
        // A failed stream surfaces as NoOutputGeneratedError; the cause is what onError saw.
        const error = NoObjectGeneratedError.isInstance(caught) ? caught : (errors[0] ?? caught)
        if (NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error)) {
          logCall('invalid-output', NoObjectGeneratedError.isInstance(error) ? error.usage : undefined)
          return undefined
        }
        // A busy provider gets its one retry only while nothing has been shown yet.
        if (!emitted && !transportRetried && isApiCallError(error) && isRetryableStatus(error.statusCode)) {
          transportRetried = true
          const delay = retryAfterMs(error) ?? provider.config.retryDelayMs
          ctx.log.warn(
            { event: 'ai_retry', op: call.op, status: error.statusCode, delayMs: delay },
            'AI provider busy; retrying once',
          )
          await wait(delay, ctx.signal)
          continue
        }
        logCall('error')
        throw ctx.signal?.aborted ? cancelled(error) : toAiError(error, provider)
      }
    }
  })
}
