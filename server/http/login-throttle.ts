import type { Context } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { clientIp } from '#server/http/middleware.ts'
import { throttleAddress } from '#server/services/visits.ts'

// The sign-in lock-out, shared by the password (server/api/admin.ts) and every place a second
// factor or the password is checked again (server/api/two-factor.ts): the same key, the same limits.

export const LOGIN_FAILURES_BEFORE_LOCK = 5
export const LOGIN_LOCK_BASE_MS = 15 * 60 * 1000

export function inMinutes(until: Date, now = Date.now()) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** rate_limits keeps no IP: the address's hash with the day's salt, as the contact form does. */
export const addressHash = (c: Context<AppEnv>) => throttleAddress(c.var.db, clientIp(c))

/** The lock-out key of one account from one address (`ipHash`: `addressHash`, read once a request). */
export const loginKeyOf = (username: string, ipHash: string) => `login:${username.toLowerCase()}:${ipHash}`

export async function loginKey(c: Context<AppEnv>, username: string) {
  return loginKeyOf(username, await addressHash(c))
}

/** 429 with Retry-After: `message`, or the lock-out's own sentence. */
export function tooManyAnswer(
  c: Context<AppEnv>,
  until: Date,
  message = `Too many failed sign-in attempts. Try again in ${inMinutes(until)}.`,
) {
  c.header('Retry-After', String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))))
  return apiError(c, 429, message, {}, { success: false, message })
}
