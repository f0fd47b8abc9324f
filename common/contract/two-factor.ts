import { z } from 'zod'
import { required } from '#common/contract/errors.ts'
import { PASSWORD_MAX } from '#common/limits.ts'

// Issue 28, two-factor sign-in with TOTP (any authenticator app) and single-use recovery codes.
// docs/decisions/046-two-factor.md

export const RECOVERY_CODE_COUNT = 10
/** How long the second step of a sign-in stays open after the password was right. */
export const CHALLENGE_MINUTES = 5
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This site requires two-factor sign-in: set it up under Security (/admin/security) before doing anything else.'

/** A 6-digit code (spaces allowed: '123 456'), or a recovery code ('abcde-12345'). */
const code = z
  .string(required('Enter the code'))
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'Not a code')
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{6}$/.test(v) || /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(v), {
    message: 'Enter the 6-digit code from your app, or a recovery code',
  })

/** Only a 6-digit code: confirming an enrolment. */
export const EnableTwoFactorInput = z.object({
  code: z
    .string(required('Enter the code'))
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^\d{6}$/.test(v), { message: 'Enter the 6-digit code from your app' }),
})
export type EnableTwoFactorInput = z.input<typeof EnableTwoFactorInput>

/** Turning off or new recovery codes: a current code (or recovery code), or the password. */
export const ConfirmIdentityInput = z
  .object({
    code: code.optional(),
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX).optional(),
  })
  .refine((v) => v.code !== undefined || v.password !== undefined, {
    message: 'Enter a code from your app or your password',
    path: ['code'],
  })
export type ConfirmIdentityInput = z.input<typeof ConfirmIdentityInput>

export const LoginCodeInput = z.object({
  challenge: z.string(required('Sign in again')).regex(/^[A-Za-z0-9_-]{43}$/, 'Sign in again'),
  code,
})
export type LoginCodeInput = z.input<typeof LoginCodeInput>

export const TwoFactorPolicyInput = z.object({ required: z.boolean('Must be true or false') })
export type TwoFactorPolicyInput = z.input<typeof TwoFactorPolicyInput>

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** An Administrator requires two-factor sign-in of everyone. */
  required: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>

export const TwoFactorSetup = z.object({
  /** The manual key (base32), for apps that cannot scan. */
  secret: z.string(),
  /** otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data URL (the CSP allows data: images). */
  qr: z.string(),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof RecoveryCodes>

/** POST /api/admin/login when the password was right and the account has two-factor sign-in. */
export const LoginAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  twoFactor: z.object({ challenge: z.string(), expiresAt: z.string() }).optional(),
})
export type LoginAnswer = z.infer<typeof LoginAnswer>
