import { Hono } from 'hono'
import {
  AcceptInvitationInput,
  type InvitationCreated,
  InvitationInput,
  InvitationToken,
  type InvitationView,
  StaffChange,
  StaffId,
  type StaffList,
} from '#common/contract/staff.ts'
import { ROLE_LABELS, refusal } from '#common/roles.ts'
import { recordFrom } from '#server/http/activity.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiError } from '#server/http/errors.ts'
import { allow, requireAdmin, signIn, staffOf } from '#server/http/middleware.ts'
import { validate } from '#server/http/validate.ts'
import { invitationLink } from '#server/services/invitation-mail.ts'
import {
  acceptInvitation,
  changeStaff,
  invite,
  listStaff,
  mayGiveRole,
  revokeInvitation,
  transferOwnership,
  viewInvitation,
} from '#server/services/staff.ts'

const failure = { success: false }

/**
 * Issue 28, staff (mounted at /api/admin): the list, invitations, role changes and suspension for
 * those whose role may (common/roles.ts `staff`; Editors invite Authors and Contributors), and the
 * two public calls of an invitation link. docs/decisions/044-staff-roles.md
 */
export const staff = new Hono<AppEnv>()
  .get('/staff', requireAdmin, async (c) => {
    const { role } = staffOf(c)
    if (!mayGiveRole(role, 'contributor')) {
      return apiError(c, 403, refusal(role, 'staff'), {}, failure)
    }
    return c.json<StaffList>(await listStaff(c.var.db))
  })
  .post('/staff/invitations', requireAdmin, validate('json', InvitationInput, failure), async (c) => {
    const { email, role } = c.req.valid('json')
    const { services } = c.var
    const emailed = c.var.config.mail !== null
    const { invitation, token } = await invite(c.var.db, staffOf(c), email, role, {
      ...(emailed ? { mail: { key: services.secretKey, queue: services.jobs } } : {}),
    })
    await recordFrom(c, {
      kind: 'staff.invite',
      object: { type: 'invitation', id: invitation.id, label: email },
      detail: `as ${ROLE_LABELS[role]}`,
    })
    const link = invitationLink(c.var.config, token)
    return c.json<InvitationCreated>({ success: true, invitation, link, emailed }, 201)
  })
  .delete('/staff/invitations/:id', requireAdmin, validate('param', StaffId, failure), async (c) => {
    if (!(await revokeInvitation(c.var.db, staffOf(c), c.req.valid('param').id))) {
      return apiError(c, 404, 'Invitation not found', {}, failure)
    }
    return c.json({ success: true, message: 'Invitation withdrawn.' })
  })
  .patch(
    '/staff/:id',
    requireAdmin,
    validate('param', StaffId, failure),
    validate('json', StaffChange, failure),
    async (c) => {
      const change = c.req.valid('json')
      const member = await changeStaff(c.var.db, staffOf(c), c.req.valid('param').id, change)
      if (!member) return apiError(c, 404, 'Staff member not found', {}, failure)
      const object = { type: 'user' as const, id: member.id, label: member.name ?? member.username }
      if (change.role) await recordFrom(c, { kind: 'staff.role', object, detail: `to ${ROLE_LABELS[change.role]}` })
      if (change.suspended !== undefined) {
        await recordFrom(c, { kind: 'staff.suspend', object, detail: change.suspended ? 'suspended' : 'restored' })
      }
      return c.json({ success: true, member })
    },
  )
  // Issue 28: the owner's own act; the former owner becomes an Administrator.
  .post('/staff/:id/transfer-ownership', allow('ownership'), validate('param', StaffId, failure), async (c) => {
    const member = await transferOwnership(c.var.db, staffOf(c), c.req.valid('param').id)
    if (!member) return apiError(c, 404, 'Staff member not found', {}, failure)
    await recordFrom(c, {
      kind: 'staff.role',
      object: { type: 'user', id: member.id, label: member.name ?? member.username },
      detail: 'to Owner (ownership handed over)',
    })
    return c.json({ success: true, member })
  })
  // The invitation link's own calls: no session, the token is the key.
  .get('/invitations/:token', validate('param', InvitationToken, failure), async (c) =>
    c.json<InvitationView>(await viewInvitation(c.var.db, c.req.valid('param').token)),
  )
  .post(
    '/invitations/:token/accept',
    validate('param', InvitationToken, failure),
    validate('json', AcceptInvitationInput, failure),
    async (c) => {
      const { name, password } = c.req.valid('json')
      const userId = await acceptInvitation(c.var.db, c.req.valid('param').token, name, password)
      await signIn(c, userId)
      return c.json({ success: true, message: 'Welcome to the team.' }, 201)
    },
  )
