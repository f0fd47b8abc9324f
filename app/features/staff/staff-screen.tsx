import { useQuery } from '@tanstack/react-query'
import { CopyIcon, UserPlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { AlertDialogAction, ConfirmDialog } from '#app/components/ui/alert-dialog.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { forbiddenOr, LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import {
  meOptions,
  staffOptions,
  useChangeStaff,
  useInvite,
  useResetTwoFactor,
  useRevokeInvitation,
  useTransferOwnership,
} from '#app/features/staff/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import type { Me } from '#common/contract/admin.ts'
import type { Invitation, StaffMember } from '#common/contract/staff.ts'
import { can, ROLE_LABELS, ROLES, type Role } from '#common/roles.ts'

const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50'

const failed = (title: string) => (error: unknown) =>
  toast({
    variant: 'destructive',
    title,
    description: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.',
  })

/** The roles `me` may give (the server checks the same: server/services/staff.ts mayGiveRole). */
const givable = (me: Me): Role[] =>
  ROLES.filter((r) => r !== 'owner' && (can(me.role, 'staff') || r === 'author' || r === 'contributor'))

const MAIL_NOT_SET_UP =
  'Mail is not set up: copy the link and send it yourself. Set SMTP_URL and MAIL_FROM to send it by email.'

/** Issue 28: the staff, open invitations, and inviting someone. */
export function StaffScreen() {
  const me = useQuery(meOptions())
  const list = useQuery(staffOptions())
  if (list.isError && !list.data) {
    return <LoadFailure query={list}>{forbiddenOr(list.error, 'The staff could not be loaded.')}</LoadFailure>
  }
  if (!list.data || !me.data) return <p className="py-16 text-center text-muted-foreground">Loading the staff…</p>
  return (
    <div className="grid gap-8">
      <InviteCard me={me.data} />
      <SectionCard
        headingId="staff-heading"
        title="Staff"
        description="Everyone who can sign in, with what their role allows."
      >
        <ul className="min-w-0 divide-y">
          {list.data.staff.map((member) => (
            <StaffRow key={member.id} member={member} me={me.data} />
          ))}
        </ul>
      </SectionCard>
      <Invitations me={me.data} />
    </div>
  )
}

function InviteCard({ me }: { me: Me }) {
  const id = useId()
  const roles = givable(me)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>(roles.includes('author') ? 'author' : (roles[0] as Role))
  const [created, setCreated] = useState<{ link: string; emailed: boolean } | null>(null)
  const [error, setError] = useState<string | undefined>()
  const invite = useInvite()
  return (
    <SectionCard
      headingId="invite-heading"
      title="Invite someone"
      description="They get a link that works once, for 7 days, to choose their name and password."
    >
      <form
        className="grid min-w-0 gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          setError(undefined)
          invite.mutate(
            { email, role },
            {
              onSuccess: (answer) => {
                setCreated({ link: answer.link, emailed: answer.emailed })
                setEmail('')
              },
              onError: (e) => {
                if (e instanceof ApiError && e.fields.email) setError(e.fields.email)
                else failed('Could not invite')(e)
              },
            },
          )
        }}
      >
        <FormField id={`${id}-email`} label="Email" error={error}>
          {(control) => (
            <Input
              {...control}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-role`} label="Role">
          {(control) => (
            <select {...control} className={selectClass} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          <BusyIcon busy={invite.isPending} icon={UserPlusIcon} />
          Invite
        </Button>
      </form>
      {created && (
        <div
          className="mt-4 grid gap-2 rounded-lg border border-violet-200 bg-violet-50 p-4"
          data-testid="invitation-link"
        >
          {created.emailed ? (
            <p className="text-sm font-medium text-slate-900">
              The link is on its way to them by email. It works once, for 7 days; you can also copy it now.
            </p>
          ) : (
            <>
              <p className="text-sm font-medium text-slate-900">
                Send this link to them. It is shown only now and works once, for 7 days.
              </p>
              <p className="text-sm text-slate-700" data-testid="mail-not-set-up">
                {MAIL_NOT_SET_UP}
              </p>
            </>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input readOnly value={created.link} aria-label="Invitation link" className="font-mono text-xs" />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                navigator.clipboard
                  .writeText(created.link)
                  .then(
                    () => toast({ title: 'Copied', description: 'The invitation link is on your clipboard.' }),
                    failed('Could not copy the link'),
                  )
              }
            >
              <CopyIcon aria-hidden="true" />
              Copy link
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  )
}

function StaffRow({ member, me }: { member: StaffMember; me: Me }) {
  const reader = useReader()
  const change = useChangeStaff()
  // Nobody changes the owner or themselves; only Administrators and the Owner change others.
  const editable = can(me.role, 'staff') && member.role !== 'owner' && member.id !== me.id
  const label = member.name ?? member.username
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="staff-member">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{label}</span>
          {member.id === me.id && <span className="text-xs text-muted-foreground">(you)</span>}
          {member.suspended && <Badge className="border-red-200 bg-red-50 text-red-800">Suspended</Badge>}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          {member.email ?? member.username} · Last sign-in{' '}
          {member.lastSignInAt ? formatDate(member.lastSignInAt, 'moment', reader) : 'never'} · 2FA{' '}
          {member.twoFactor ? 'on' : 'off'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {editable ? (
          <select
            aria-label={`Role of ${label}`}
            className={selectClass}
            value={member.role}
            disabled={change.isPending}
            onChange={(e) =>
              change.mutate(
                { id: member.id, role: e.target.value as Role },
                { onError: failed('Could not change the role') },
              )
            }
          >
            {ROLES.filter((r) => r !== 'owner').map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ) : (
          <Badge>{ROLE_LABELS[member.role]}</Badge>
        )}
        {me.role === 'owner' && member.id !== me.id && !member.suspended && <HandOver member={member} label={label} />}
        {can(me.role, 'staff') &&
          member.twoFactor &&
          member.id !== me.id &&
          (member.role !== 'owner' || me.role === 'owner') && <ResetTwoFactor member={member} label={label} />}
        {editable && (
          <Button
            variant="outline"
            size="sm"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { id: member.id, suspended: !member.suspended },
                { onError: failed(member.suspended ? 'Could not restore' : 'Could not suspend') },
              )
            }
          >
            {member.suspended ? 'Restore' : 'Suspend'}
            <span className="sr-only"> {label}</span>
          </Button>
        )}
      </div>
    </li>
  )
}

function Invitations({ me }: { me: Me }) {
  const list = useQuery(staffOptions())
  const revoke = useRevokeInvitation()
  const reader = useReader()
  const open = list.data?.invitations ?? []
  if (open.length === 0) return null
  const roles = givable(me)
  return (
    <SectionCard
      headingId="invitations-heading"
      title="Open invitations"
      description="Not accepted yet. A withdrawn link stops working at once."
    >
      <ul className="min-w-0 divide-y">
        {open.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{i.email}</p>
              <p className="text-sm text-muted-foreground">
                {ROLE_LABELS[i.role]} · invited by {i.invitedBy ?? 'someone who left'} · until{' '}
                {formatDate(i.expiresAt, 'date', reader)}
              </p>
              <MailState invitation={i} />
            </div>
            {roles.includes(i.role) && (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(i.id, { onError: failed('Could not withdraw') })}
              >
                Withdraw<span className="sr-only"> the invitation of {i.email}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  )
}

/** What became of an open invitation's email (docs/decisions/055-mail.md). */
function MailState({ invitation: i }: { invitation: Invitation }) {
  if (i.mail === 'sent') return <p className="text-sm text-emerald-800">Emailed</p>
  if (i.mail === 'queued') return <p className="text-sm text-slate-700">Sending the email…</p>
  if (i.mail === 'failed')
    return (
      <p className="text-sm font-medium text-red-800">
        Email could not be delivered: withdraw it and send a new link yourself.
      </p>
    )
  return <p className="text-sm text-slate-700">Not emailed: mail is not set up (SMTP_URL and MAIL_FROM).</p>
}

/** An Administrator's reset of someone's two-factor sign-in (a lost phone), asked first. */
function ResetTwoFactor({ member, label }: { member: StaffMember; label: string }) {
  const reset = useResetTwoFactor()
  return (
    <ConfirmDialog
      title={`Reset two-factor sign-in of ${label}?`}
      description="Their authenticator app and recovery codes stop working. They sign in with their password alone, and set it up again under Security (at once, when the site requires it)."
      trigger={
        <Button variant="outline" size="sm" disabled={reset.isPending}>
          Reset 2FA<span className="sr-only"> of {label}</span>
        </Button>
      }
      action={
        <AlertDialogAction
          onClick={() =>
            reset.mutate(member.id, {
              onSuccess: () => toast({ title: 'Two-factor sign-in reset', description: label }),
              onError: failed('Could not reset'),
            })
          }
        >
          Reset
        </AlertDialogAction>
      }
    />
  )
}

/** The owner's 'Make owner', asked first: the owner then stays on as an Administrator. */
function HandOver({ member, label }: { member: StaffMember; label: string }) {
  const transfer = useTransferOwnership()
  return (
    <ConfirmDialog
      title={`Make ${label} the owner?`}
      description="They become the one owner of this site. You stay on as an Administrator and cannot take it back yourself."
      trigger={
        <Button variant="outline" size="sm" disabled={transfer.isPending}>
          Make owner<span className="sr-only"> {label}</span>
        </Button>
      }
      action={
        <AlertDialogAction
          onClick={() => transfer.mutate(member.id, { onError: failed('Could not hand ownership over') })}
        >
          Make owner
        </AlertDialogAction>
      }
    />
  )
}
