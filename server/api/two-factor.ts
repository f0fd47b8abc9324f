import type { Context } from 'hono'
import { Hono } from 'hono'
import { StaffId } from '#common/contract/staff.ts'
import {
  ConfirmIdentityInput,
  EnableTwoFactorInput,
  type RecoveryCodes,
  TwoFactorPolicyInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '#common/contract/two-factor.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_BASE_MS, loginKey, tooManyAnswer } from '#server/http/login-throttle.ts'
import { allow, requireSignedIn, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import {
  checkSecondFactor,
  confirmEnrolment,
  hasTwoFactor,
  isTwoFactorRequired,
  regenerateRecoveryCodes,
  removeTwoFactor,
  setTwoFactorRequired,
  startEnrolment,
  twoFactorState,
} from '#server/services/two-factor.ts'
import { checkCredentials, findStaff } from '#server/services/users.ts'

const failure = { success: false }

async function status(c: Context<AppEnv>): Promise<TwoFactorStatus> {
  const { userId } = staffOf(c)
  return { ...(await twoFactorState(c.var.db, userId)), required: await isTwoFactorRequired(c.var.db) }
}

/**
 * The signed-in person proves it is still them before turning two-factor sign-in off or making new
 * recovery codes: a current code, a recovery code, or the password. Wrong ones count against the
 * sign-in lock-out of the account (server/api/admin.ts), since this is a way to guess them too.
 * Answers null when proved, else the answer to send.
 */
async function proveIdentity(c: Context<AppEnv>, input: { code?: string; password?: string }, what: string) {
  const { userId } = staffOf(c)
  const me = await findStaff(c.var.db, userId)
  if (!me) return apiError(c, 401, 'Sign in as an admin to do this.', {}, failure)
  const key = await loginKey(c, me.username)
  const { throttle } = c.var.services
  const locked = await throttle.lockedUntil(key)
  if (locked) return tooManyAnswer(c, locked)
  const proved =
    input.code !== undefined
      ? (await checkSecondFactor(c.var.db, c.var.services.secretKey, userId, input.code)) !== null
      : input.password !== undefined && (await checkCredentials(c.var.db, me.username, input.password)) === userId
  if (proved) return null
  const lockedNow = await throttle.fail(key, LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_BASE_MS)
  const wrong = input.code !== undefined ? 'code' : 'password'
  await recordFrom(c, {
    kind: 'two-factor.failed',
    object: { type: 'user', id: userId, label: me.username },
    detail: `wrong ${wrong} to ${what}${lockedNow ? ', now locked' : ''}`,
  })
  if (lockedNow) return tooManyAnswer(c, lockedNow)
  const message = input.code !== undefined ? 'That code is not right.' : 'That password is not right.'
  return apiError(c, 400, message, { [wrong]: message }, failure)
}

/**
 * Issue 28, two-factor sign-in (mounted at /api/admin): the signed-in person's own set-up (open
 * even while the site requires two-factor sign-in and they have none yet), the site's requirement,
 * and an Administrator's reset of someone's. The sign-in step is in server/api/admin.ts.
 * docs/decisions/046-two-factor.md
 */
export const twoFactorApi = new Hono<AppEnv>()
  .get('/two-factor', requireSignedIn, async (c) => c.json<TwoFactorStatus>(await status(c)))
  .post('/two-factor/setup', requireSignedIn, async (c) => {
    const { userId } = staffOf(c)
    const me = await findStaff(c.var.db, userId)
    if (!me) return apiError(c, 401, 'Sign in as an admin to do this.', {}, failure)
    const setup = await startEnrolment(c.var.db, c.var.services.secretKey, userId, {
      issuer: c.var.config.site.brandName,
      label: me.email ?? me.username,
    })
    c.header('Cache-Control', 'no-store')
    return c.json<TwoFactorSetup>(setup)
  })
  .post('/two-factor/enable', requireSignedIn, validate('json', EnableTwoFactorInput), async (c) => {
    const { userId } = staffOf(c)
    const codes = await confirmEnrolment(c.var.db, c.var.services.secretKey, userId, c.req.valid('json').code)
    if (!codes) {
      await recordFrom(c, {
        kind: 'two-factor.failed',
        object: { type: 'user', id: userId },
        detail: 'wrong code while setting up',
      })
      const message = 'That code is not right. Check the time on your phone and try the newest code.'
      return apiError(c, 400, message, { code: message }, failure)
    }
    await recordFrom(c, { kind: 'two-factor.enable', object: { type: 'user', id: userId } })
    c.header('Cache-Control', 'no-store')
    return c.json<RecoveryCodes>({ recoveryCodes: codes })
  })
  .post('/two-factor/disable', requireSignedIn, validate('json', ConfirmIdentityInput), async (c) => {
    const { userId } = staffOf(c)
    if (!(await hasTwoFactor(c.var.db, userId))) {
      return apiError(c, 409, 'Two-factor sign-in is not on.', {}, failure)
    }
    const refused = await proveIdentity(c, c.req.valid('json'), 'turn off two-factor sign-in')
    if (refused) return refused
    await removeTwoFactor(c.var.db, userId)
    await recordFrom(c, { kind: 'two-factor.disable', object: { type: 'user', id: userId } })
    return c.json<TwoFactorStatus>(await status(c))
  })
  .post('/two-factor/recovery-codes', requireSignedIn, validate('json', ConfirmIdentityInput), async (c) => {
    const { userId } = staffOf(c)
    if (!(await hasTwoFactor(c.var.db, userId))) {
      return apiError(c, 409, 'Turn on two-factor sign-in first.', {}, failure)
    }
    const refused = await proveIdentity(c, c.req.valid('json'), 'make new recovery codes')
    if (refused) return refused
    const codes = await regenerateRecoveryCodes(c.var.db, userId)
    await recordFrom(c, { kind: 'two-factor.recovery-codes', object: { type: 'user', id: userId } })
    c.header('Cache-Control', 'no-store')
    return c.json<RecoveryCodes>({ recoveryCodes: codes })
  })
  // A site setting: Administrators and the Owner.
  .put('/two-factor/policy', allow('staff'), validate('json', TwoFactorPolicyInput), async (c) => {
    const { userId } = staffOf(c)
    const { required } = c.req.valid('json')
    if (required && !(await hasTwoFactor(c.var.db, userId))) {
      return apiError(
        c,
        409,
        'Turn on two-factor sign-in for yourself first, so that requiring it does not lock you out.',
        {},
        failure,
      )
    }
    if (await setTwoFactorRequired(c.var.db, required, userId)) {
      await recordFrom(c, { kind: 'two-factor.required', detail: required ? 'required for everyone' : 'optional' })
    }
    return c.json<TwoFactorStatus>(await status(c))
  })
  // A lost phone: an Administrator turns someone's two-factor sign-in off; they set it up anew.
  .delete('/staff/:id/two-factor', allow('staff'), validate('param', StaffId), async (c) => {
    const me = staffOf(c)
    const { id } = c.req.valid('param')
    const target = await findStaff(c.var.db, id)
    if (!target) return apiError(c, 404, 'There is no such member of staff.', {}, failure)
    if (target.id === me.userId) {
      return apiError(c, 409, 'Turn off your own two-factor sign-in under Security.', {}, failure)
    }
    if (target.role === 'owner' && me.role !== 'owner') {
      return apiError(c, 403, "Only the owner can reset the owner's two-factor sign-in.", {}, failure)
    }
    if (!(await removeTwoFactor(c.var.db, id))) {
      return apiError(c, 409, `${target.name ?? target.username} has no two-factor sign-in to reset.`, {}, failure)
    }
    await recordFrom(c, { kind: 'two-factor.reset', object: { type: 'user', id, label: target.username } })
    return c.json({ success: true })
  })
