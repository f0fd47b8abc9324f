import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { CHALLENGE_MINUTES, RECOVERY_CODE_COUNT, type TwoFactorSetup } from '#common/contract/two-factor.ts'
import type { Db } from '#server/db/client.ts'
import { siteSettings, twoFactor, twoFactorChallenges, twoFactorRecoveryCodes } from '#server/db/schema.ts'
import { ConflictError } from '#server/services/errors.ts'
import { open, seal } from '#server/services/secret-box.ts'

// Issue 28: two-factor sign-in with TOTP (otplib), QR codes (qrcode), single-use recovery codes and
// the short-lived challenge between the password and the code. docs/decisions/046-two-factor.md
// otplib and qrcode load with the first enrolment or code, not at every start (decision 068).

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** Codes are typed by people: lower case, no separators, no look-alikes (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')
/** One period either side: a phone clock a little off still signs in. */
const TOLERANCE_SECONDS = 30
export const REQUIRE_TWO_FACTOR_KEY = 'require_two_factor'

export async function twoFactorState(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1)
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
  return {
    enabled: row?.enabledAt != null,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
  }
}

export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1)
  return row !== undefined
}

/**
 * A new secret, kept sealed and unconfirmed until a code from it comes back (`confirmEnrolment`);
 * starting again replaces an unconfirmed one. Refused while two-factor sign-in is on.
 */
export async function startEnrolment(
  db: Db,
  key: Buffer,
  userId: number,
  names: { issuer: string; label: string },
): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(db, userId)) {
    throw new ConflictError('Two-factor sign-in is already on. Turn it off first to set up another app.')
  }
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([import('otplib'), import('qrcode')])
  const secret = generateSecret()
  const sealed = seal(key, secret)
  await db
    .insert(twoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealed, lastTimeStep: null, createdAt: new Date() },
    })
  const uri = generateURI({ issuer: names.issuer, label: names.label, secret })
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/**
 * Whether `code` is right for the secret and newer than the last code taken; takes it (a code is
 * good once) in the same statement that checks it is still newer.
 */
async function takeTotp(
  db: Db,
  key: Buffer,
  row: typeof twoFactor.$inferSelect,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false
  const { verify } = await import('otplib')
  const result = await verify({
    secret: open(key, row.secret),
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastTimeStep === null ? {} : { afterTimeStep: row.lastTimeStep }),
  })
  if (!result.valid || !('timeStep' in result)) return false
  const step = result.timeStep
  const taken = await db
    .update(twoFactor)
    .set({ lastTimeStep: step })
    .where(and(eq(twoFactor.userId, row.userId), or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step))))
    .returning({ userId: twoFactor.userId })
  return taken.length > 0
}

/** Confirms an enrolment with a code from the new secret; answers the recovery codes (shown once). */
export async function confirmEnrolment(db: Db, key: Buffer, userId: number, code: string, now = new Date()) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1)
  if (!row) throw new ConflictError('Start the set-up first: there is no new key to confirm.')
  if (row.enabledAt) throw new ConflictError('Two-factor sign-in is already on.')
  if (!(await takeTotp(db, key, row, code, now))) return null
  return db.transaction(async (tx) => {
    await tx.update(twoFactor).set({ enabledAt: now }).where(eq(twoFactor.userId, userId))
    return replaceRecoveryCodes(tx, userId)
  })
}

function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  await db.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })))
  return codes
}

/** New recovery codes in place of the old ones (all of which stop working). */
export async function regenerateRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  return db.transaction((tx) => replaceRecoveryCodes(tx, userId))
}

/**
 * The second factor of a person with two-factor sign-in on: a current 6-digit code, or one of their
 * unused recovery codes (used up by this). Answers how it was proved, or null when it was not.
 */
export async function checkSecondFactor(
  db: Db,
  key: Buffer,
  userId: number,
  code: string,
  now = new Date(),
): Promise<'code' | 'recovery code' | null> {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1)
  if (!row) return null
  if (/^\d{6}$/.test(code)) return (await takeTotp(db, key, row, code, now)) ? 'code' : null
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, sha256(normaliseRecovery(code))),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id })
  return used.length > 0 ? 'recovery code' : null
}

/** Turns two-factor sign-in off (or drops an unconfirmed set-up): the secret and codes are deleted. */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    const gone = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ enabledAt: twoFactor.enabledAt })
    return gone.some((r) => r.enabledAt !== null)
  })
}

/** The second step of a sign-in, open for CHALLENGE_MINUTES; only its hash is kept. */
export async function createChallenge(db: Db, userId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now))
  await db.insert(twoFactorChallenges).values({ tokenHash: sha256(token), userId, createdAt: now, expiresAt })
  return { token, expiresAt }
}

/** The account of a live challenge, else null (unknown, used or expired). */
export async function challengeUser(db: Db, token: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, sha256(token)), gt(twoFactorChallenges.expiresAt, now)))
    .limit(1)
  return row?.userId ?? null
}

/** Ends a challenge: answers false when it was already used (two tabs racing), so one session only. */
export async function endChallenge(db: Db, token: string): Promise<boolean> {
  const gone = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, sha256(token)))
    .returning({ userId: twoFactorChallenges.userId })
  return gone.length > 0
}

/** The site requires two-factor sign-in and this person has not turned it on. */
export async function twoFactorSetupNeeded(db: Db, userId: number): Promise<boolean> {
  return (await isTwoFactorRequired(db)) && !(await hasTwoFactor(db, userId))
}

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, REQUIRE_TWO_FACTOR_KEY))
    .limit(1)
  return row?.value === true
}

/** Answers whether it changed. */
export async function setTwoFactorRequired(db: Db, required: boolean, by: number, now = new Date()) {
  const before = await isTwoFactorRequired(db)
  await db
    .insert(siteSettings)
    .values({ key: REQUIRE_TWO_FACTOR_KEY, value: required, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: required, updatedAt: now, updatedBy: by } })
  return before !== required
}
