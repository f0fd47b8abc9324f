import { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import { type ActivityFilter, ActivityQuery } from '#common/contract/activity.ts'
import { INVALID_CREDENTIALS, LoginInput, type Me } from '#common/contract/admin.ts'
import { ContactListQuery } from '#common/contract/contact.ts'
import { permissionsOf } from '#common/roles.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, clientIp, requireAdmin, SESSION_COOKIE, signIn, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { activityCsv, listActivity } from '#server/services/activity.ts'
import { listSubmissions } from '#server/services/contact.ts'
import { destroySession } from '#server/services/sessions.ts'
import { checkCredentials, findStaff, findUser } from '#server/services/users.ts'
import { throttleAddress } from '#server/services/visits.ts'

const HOUR = 60 * 60 * 1000
export const LOGIN_FAILURES_BEFORE_LOCK = 5
export const LOGIN_LOCK_BASE_MS = 15 * 60 * 1000

function inMinutes(until: Date, now = Date.now()) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** The filters of an export in words, for its own row of the log: 'kind post.create, from 2026-11-01…'. */
function filterWords(filter: ActivityFilter): string | null {
  const parts = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${v instanceof Date ? v.toISOString() : String(v)}`)
  return parts.length > 0 ? parts.join(', ') : null
}

export const admin = new Hono<AppEnv>()
  .post(
    '/login',
    validate('json', LoginInput, { success: false, message: 'Username and password are required.' }),
    async (c) => {
      const { username, password } = c.req.valid('json')
      const { throttle } = c.var.services
      // rate_limits keeps no IP: the address's hash with the day's salt, as the contact form does.
      const ip = await throttleAddress(c.var.db, clientIp(c))
      const tooMany = (until: Date, message: string) => {
        c.header('Retry-After', String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))))
        return apiError(c, 429, message, {}, { success: false, message })
      }

      const perIp = await throttle.hit(`login-ip:${ip}`, HOUR)
      if (perIp.count > c.var.config.loginAttemptsPerIpHour) {
        return tooMany(
          perIp.resetAt,
          `Too many sign-in attempts from your network. Try again in ${inMinutes(perIp.resetAt)}.`,
        )
      }
      const key = `login:${username.toLowerCase()}:${ip}`
      const locked = await throttle.lockedUntil(key)
      if (locked) return tooMany(locked, `Too many failed sign-in attempts. Try again in ${inMinutes(locked)}.`)

      const userId = await checkCredentials(c.var.db, username, password)
      if (userId === null) {
        const lockedNow = await throttle.fail(key, LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_BASE_MS)
        c.var.log.warn({ event: 'login_failed', locked: lockedNow !== null }, 'admin login failed')
        // The account tried, when there is one; an unknown name is not kept (it may be a password).
        const tried = await findUser(c.var.db, username)
        await recordFrom(c, {
          kind: 'sign-in-failed',
          userId: tried?.id ?? null,
          object: tried ? { type: 'user', id: tried.id, label: tried.username } : undefined,
          detail: tried ? (lockedNow ? 'wrong password, now locked' : 'wrong password') : 'unknown account',
        })
        if (lockedNow)
          return tooMany(lockedNow, `Too many failed sign-in attempts. Try again in ${inMinutes(lockedNow)}.`)
        return apiError(c, 401, INVALID_CREDENTIALS, {}, { success: false, message: INVALID_CREDENTIALS })
      }

      await throttle.clear(key)
      // Issue 28: the right password of a suspended account opens nothing, and says why.
      const staff = await findStaff(c.var.db, userId)
      if (!staff || staff.suspended) {
        const message = 'This account is suspended. Ask an administrator to restore it.'
        await recordFrom(c, {
          kind: 'sign-in-failed',
          userId,
          object: { type: 'user', id: userId, label: staff?.username },
          detail: 'suspended account',
        })
        return apiError(c, 403, message, {}, { success: false, message })
      }
      // A new token at every login: a token planted before login (session fixation) is worth nothing.
      if (c.var.sessionToken) await destroySession(c.var.db, c.var.sessionToken)
      await signIn(c, userId)
      c.var.log.info({ event: 'login', userId }, 'admin signed in')
      await recordFrom(c, { kind: 'sign-in', userId, object: { type: 'user', id: userId, label: staff.username } })
      return c.json({ success: true, message: 'Login successful.' })
    },
  )
  .get('/status', (c) => c.json({ isAuthenticated: c.var.userId !== null }))
  // Issue 28: who is signed in and what their role may do; the admin screens read it.
  .get('/me', requireAdmin, async (c) => {
    const staff = await findStaff(c.var.db, staffOf(c).userId)
    if (!staff) return apiError(c, 401, 'Sign in as an admin to do this.', {}, { success: false })
    return c.json<Me>({
      id: staff.id,
      name: staff.name ?? staff.username,
      email: staff.email,
      role: staff.role,
      permissions: permissionsOf(staff.role),
    })
  })
  .post('/logout', async (c) => {
    if (c.var.sessionToken) await destroySession(c.var.db, c.var.sessionToken)
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.json({ success: true, message: 'Logged out.' })
  })
  .get('/contact-submissions', allow('leads'), validate('query', ContactListQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query')
    return c.json(await listSubmissions(c.var.db, page, pageSize))
  })
  // Issue 28: the activity log, for Administrators and the Owner (it names every member of staff).
  .get('/activity', allow('staff'), validate('query', ActivityQuery), async (c) =>
    c.json(await listActivity(c.var.db, c.req.valid('query'))),
  )
  .get('/activity.csv', allow('staff'), validate('query', ActivityQuery), async (c) => {
    const { page: _page, pageSize: _pageSize, ...filter } = c.req.valid('query')
    const csv = await activityCsv(c.var.db, filter)
    await recordFrom(c, { kind: 'activity.export', detail: filterWords(filter) })
    const day = new Date().toISOString().slice(0, 10)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="activity-${day}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(csv)
  })
