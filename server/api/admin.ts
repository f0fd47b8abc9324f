import { type Context, Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import { type ActivityFilter, ActivityQuery } from '#common/contract/activity.ts'
import { INVALID_CREDENTIALS, LoginInput, type Me } from '#common/contract/admin.ts'
import { ContactListQuery } from '#common/contract/contact.ts'
import { type LoginAnswer, LoginCodeInput } from '#common/contract/two-factor.ts'
import { permissionsOf } from '#common/roles.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import {
  addressHash,
  inMinutes,
  LOGIN_FAILURES_BEFORE_LOCK,
  LOGIN_LOCK_BASE_MS,
  loginKeyOf,
  tooManyAnswer,
} from '#server/http/login-throttle.ts'
import { allow, requireSignedIn, SESSION_COOKIE, signIn, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { activityCsv, listActivity } from '#server/services/activity.ts'
import { listSubmissions } from '#server/services/contact.ts'
import { destroySession } from '#server/services/sessions.ts'
import {
  challengeUser,
  checkSecondFactor,
  createChallenge,
  endChallenge,
  hasTwoFactor,
} from '#server/services/two-factor.ts'
import { checkCredentials, findStaff, findUser } from '#server/services/users.ts'

const HOUR = 60 * 60 * 1000

export { LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_BASE_MS }

/** The filters of an export in words, for its own row of the log: 'kind post.create, from 2026-11-01…'. */
function filterWords(filter: ActivityFilter): string | null {
  const parts = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${v instanceof Date ? v.toISOString() : String(v)}`)
  return parts.length > 0 ? parts.join(', ') : null
}

/** The hourly limit of sign-in attempts from one address (any account), else null. */
async function perIpLimit(c: Context<AppEnv>, ip: string) {
  const perIp = await c.var.services.throttle.hit(`login-ip:${ip}`, HOUR)
  if (perIp.count <= c.var.config.loginAttemptsPerIpHour) return null
  return tooManyAnswer(
    c,
    perIp.resetAt,
    `Too many sign-in attempts from your network. Try again in ${inMinutes(perIp.resetAt)}.`,
  )
}

async function suspendedAnswer(c: Context<AppEnv>, userId: number, username: string | undefined) {
  const message = 'This account is suspended. Ask an administrator to restore it.'
  await recordFrom(c, {
    kind: 'sign-in-failed',
    userId,
    object: { type: 'user', id: userId, label: username },
    detail: 'suspended account',
  })
  return apiError(c, 403, message, {}, { success: false, message })
}

async function completeSignIn(c: Context<AppEnv>, userId: number, username: string, detail?: string) {
  // A new token at every login: a token planted before login (session fixation) is worth nothing.
  if (c.var.sessionToken) await destroySession(c.var.db, c.var.sessionToken)
  await signIn(c, userId)
  c.var.log.info({ event: 'login', userId }, 'admin signed in')
  await recordFrom(c, { kind: 'sign-in', userId, object: { type: 'user', id: userId, label: username }, detail })
  return c.json({ success: true, message: 'Login successful.' })
}

export const admin = new Hono<AppEnv>()
  .post(
    '/login',
    validate('json', LoginInput, { success: false, message: 'Username and password are required.' }),
    async (c) => {
      const { username, password } = c.req.valid('json')
      const { throttle } = c.var.services
      const ip = await addressHash(c)
      const tooMany = await perIpLimit(c, ip)
      if (tooMany) return tooMany
      const key = loginKeyOf(username, ip)
      const locked = await throttle.lockedUntil(key)
      if (locked) return tooManyAnswer(c, locked)

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
        if (lockedNow) return tooManyAnswer(c, lockedNow)
        return apiError(c, 401, INVALID_CREDENTIALS, {}, { success: false, message: INVALID_CREDENTIALS })
      }

      // Issue 28: the right password of a suspended account opens nothing, and says why.
      const staff = await findStaff(c.var.db, userId)
      if (!staff || staff.suspended) {
        await throttle.clear(key)
        return suspendedAnswer(c, userId, staff?.username)
      }
      // Issue 28: with two-factor sign-in the password alone opens no session: a challenge of 5
      // minutes waits for the code. The failures so far are not forgiven until the code is right,
      // or a known password would buy unlimited guesses of the code.
      if (await hasTwoFactor(c.var.db, userId)) {
        const { token, expiresAt } = await createChallenge(c.var.db, userId)
        return c.json<LoginAnswer>({
          success: false,
          message: 'Enter the 6-digit code from your authenticator app.',
          twoFactor: { challenge: token, expiresAt: expiresAt.toISOString() },
        })
      }
      await throttle.clear(key)
      return completeSignIn(c, userId, staff.username)
    },
  )
  // Issue 28: the second step: the challenge of a right password and a code (or a recovery code).
  .post(
    '/login/two-factor',
    validate('json', LoginCodeInput, { success: false, message: 'Enter the code from your authenticator app.' }),
    async (c) => {
      const { challenge, code } = c.req.valid('json')
      const { throttle } = c.var.services
      const ip = await addressHash(c)
      const tooMany = await perIpLimit(c, ip)
      if (tooMany) return tooMany
      const userId = await challengeUser(c.var.db, challenge)
      if (userId === null) {
        const message = 'This sign-in has expired. Enter your username and password again.'
        return apiError(c, 401, message, {}, { success: false, message, expired: true })
      }
      const staff = await findStaff(c.var.db, userId)
      if (!staff || staff.suspended) return suspendedAnswer(c, userId, staff?.username)
      const key = loginKeyOf(staff.username, ip)
      const locked = await throttle.lockedUntil(key)
      if (locked) return tooManyAnswer(c, locked)

      const how = await checkSecondFactor(c.var.db, c.var.services.secretKey, userId, code)
      if (how === null) {
        const lockedNow = await throttle.fail(key, LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_BASE_MS)
        c.var.log.warn({ event: 'login_failed', locked: lockedNow !== null }, 'admin two-factor code wrong')
        await recordFrom(c, {
          kind: 'two-factor.failed',
          userId,
          object: { type: 'user', id: userId, label: staff.username },
          detail: `wrong code at sign-in${lockedNow ? ', now locked' : ''}`,
        })
        if (lockedNow) {
          await endChallenge(c.var.db, challenge)
          return tooManyAnswer(c, lockedNow)
        }
        const message = 'That code is not right. Try the newest code, or a recovery code.'
        return apiError(c, 401, message, { code: message }, { success: false, message })
      }
      // One session per challenge, even when two tabs send a right code at once.
      if (!(await endChallenge(c.var.db, challenge))) {
        const message = 'This sign-in has expired. Enter your username and password again.'
        return apiError(c, 401, message, {}, { success: false, message, expired: true })
      }
      await throttle.clear(key)
      return completeSignIn(c, userId, staff.username, how === 'recovery code' ? 'with a recovery code' : 'with a code')
    },
  )
  // Issue 28: `twoFactorSetupRequired` only when true: the screens send the person to /admin/security.
  .get('/status', (c) =>
    c.json({
      isAuthenticated: c.var.userId !== null,
      ...(c.var.needsTwoFactor ? { twoFactorSetupRequired: true } : {}),
    }),
  )
  // Issue 28: who is signed in and what their role may do; the admin screens read it.
  .get('/me', requireSignedIn, async (c) => {
    const staff = await findStaff(c.var.db, staffOf(c).userId)
    if (!staff) return apiError(c, 401, 'Sign in as an admin to do this.', {}, { success: false })
    return c.json<Me>({
      id: staff.id,
      name: staff.name ?? staff.username,
      email: staff.email,
      role: staff.role,
      permissions: permissionsOf(staff.role),
      twoFactor: await hasTwoFactor(c.var.db, staff.id),
      twoFactorSetupRequired: c.var.needsTwoFactor,
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
