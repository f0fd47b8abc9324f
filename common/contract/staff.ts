import { z } from 'zod'
import { atMost, required, requiredText } from '#common/contract/errors.ts'
import { CONTACT_EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '#common/limits.ts'
import { ROLES, type Role } from '#common/roles.ts'

// Issue 28, staff: invitations, roles and suspension (docs/decisions/044-staff-roles.md).

/** An invitation lasts 7 days; its link is shown to the inviter once. */
export const INVITATION_DAYS = 7
export const STAFF_NAME_MAX = 80

const role = z.enum(ROLES, { error: `Must be one of ${ROLES.join(', ')}` })

export const InvitationInput = z.object({
  email: z
    .string(required('Email is required'))
    .trim()
    .toLowerCase()
    .max(
      Math.min(CONTACT_EMAIL_MAX, USERNAME_MAX),
      `Must be at most ${Math.min(CONTACT_EMAIL_MAX, USERNAME_MAX)} characters`,
    )
    .pipe(z.email('Must be an email address')),
  role,
})
export type InvitationInput = z.input<typeof InvitationInput>

export const StaffChange = z
  .object({ role: role.optional(), suspended: z.boolean('Must be true or false').optional() })
  .refine((v) => v.role !== undefined || v.suspended !== undefined, { message: 'Say a role or suspended' })
export type StaffChange = z.input<typeof StaffChange>

export const StaffId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const InvitationToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation link') })

export const AcceptInvitationInput = z.object({
  name: requiredText('Name is required', STAFF_NAME_MAX),
  password: z
    .string(required('Password is required'))
    .min(PASSWORD_MIN, `Must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, atMost(PASSWORD_MAX)),
})
export type AcceptInvitationInput = z.input<typeof AcceptInvitationInput>

export interface StaffMember {
  id: number
  username: string
  name: string | null
  email: string | null
  role: Role
  suspended: boolean
  lastSignInAt: string | null
  twoFactor: boolean
}

/**
 * An invitation's email (docs/decisions/055-mail.md): null when mail was not set up when it was
 * made (the inviter sent the link), else on its way, sent, or refused for good by the mail server.
 */
export type InvitationMailState = 'queued' | 'sent' | 'failed'

export interface Invitation {
  id: number
  email: string
  role: Role
  invitedBy: string | null
  createdAt: string
  expiresAt: string
  mail: InvitationMailState | null
}

export interface StaffList {
  staff: StaffMember[]
  invitations: Invitation[]
}

/** POST /api/admin/staff/invitations: the invitation and its single-use link, shown once. */
export interface InvitationCreated {
  success: true
  invitation: Invitation
  link: string
  /** true: the link is on its way by email too; false: mail is not set up, the inviter sends it. */
  emailed: boolean
}

/** GET /api/admin/invitations/{token}: what the invited person is about to accept. */
export interface InvitationView {
  email: string
  role: Role
}
