import { z } from 'zod'
import { atMost, required, requiredText } from '#common/contract/errors.ts'
import { PASSWORD_MAX, USERNAME_MAX } from '#common/limits.ts'
import type { Permission, Role } from '#common/roles.ts'

export const LoginInput = z.object({
  username: requiredText('Username is required', USERNAME_MAX),
  password: z
    .string(required('Password is required'))
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, atMost(PASSWORD_MAX)),
})
export type LoginInput = z.infer<typeof LoginInput>

export const LoginResponse = z.object({ success: z.boolean(), message: z.string() })
export const AdminStatus = z.object({
  isAuthenticated: z.boolean(),
  /** Issue 28: the site requires two-factor sign-in and this person has not set it up yet. */
  twoFactorSetupRequired: z.boolean().optional(),
})
export type AdminStatus = z.infer<typeof AdminStatus>

export const INVALID_CREDENTIALS = 'Invalid username or password.'

/** GET /api/admin/me (issue 28): the signed-in person and what their role may do (common/roles.ts). */
export interface Me {
  id: number
  name: string
  email: string | null
  role: Role
  permissions: Permission[]
  /** Two-factor sign-in is on for this person. */
  twoFactor: boolean
  /** The site requires two-factor sign-in and this person has not set it up: only /admin/security opens. */
  twoFactorSetupRequired: boolean
}
