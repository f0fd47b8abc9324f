import type { Context, MiddlewareHandler } from 'hono'
import { AI_NOT_CONFIGURED } from '#common/contract/ai.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { type AiStudio, createAiStudio } from '#server/services/ai/studio.ts'

/**
 * The AI studio and the one AI quota of an admin (AI_RATE_LIMIT calls per window), shared by
 * /api/blog/ai and the X post writer of /api/blog/{id}/publish-x.
 * docs/decisions/008-ai-provider-and-offline-mode.md
 */

/** The studio of the request's services (tests inject one), else built from `config.ai`. */
export const studioOf = (c: Context<AppEnv>): AiStudio => c.var.services.ai ?? createAiStudio(c.var.config)

/** Takes one AI call from the admin's quota: null while within it, else the seconds until it refills. */
export async function takeAiQuota(c: Context<AppEnv>): Promise<number | null> {
  const { rateLimit, rateWindowMs } = c.var.config.ai
  const hit = await c.var.services.throttle.hit(`ai:${c.var.userId}`, rateWindowMs)
  if (hit.count <= rateLimit) return null
  c.var.log.warn({ event: 'ai_rate_limited', userId: c.var.userId }, 'AI rate limit reached')
  return Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000))
}

/** 503 with the setup hint when no API key is set (the text endpoints only). */
export const requireAiConfigured: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!studioOf(c).provider.configured) return apiError(c, 503, AI_NOT_CONFIGURED, {}, { success: false })
  await next()
}

/** A stuck or looping client must not run up the provider bill: 429 with Retry-After over the quota. */
export const requireAiQuota: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = await takeAiQuota(c)
  if (seconds === null) return next()
  const { rateLimit, rateWindowMs } = c.var.config.ai
  const minutes = Math.ceil(seconds / 60)
  c.header('Retry-After', String(seconds))
  return apiError(
    c,
    429,
    `Too many AI requests: at most ${rateLimit} every ${Math.round(rateWindowMs / 60_000)} minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {},
    { success: false },
  )
}
