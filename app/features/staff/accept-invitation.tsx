import { useQuery } from '@tanstack/react-query'
import { LogInIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BrandMark } from '#app/components/brand/brand-mark.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { invitationOptions, useAcceptInvitation } from '#app/features/staff/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { PASSWORD_MIN } from '#common/limits.ts'
import { ROLE_LABELS } from '#common/roles.ts'

/**
 * Issue 28: the page an invitation link opens. The person chooses their name and password (the
 * rules of every password here) and is signed in; a used, withdrawn or expired link says so and
 * makes no account.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const id = useId()
  const invitation = useQuery(invitationOptions(token))
  const accept = useAcceptInvitation(token)
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const fields = accept.error instanceof ApiError ? accept.error.fields : {}
  const gone =
    invitation.error instanceof ApiError
      ? (invitation.error.serverMessage ?? 'This invitation link is not valid.')
      : null

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 py-12">
      <main className="w-full max-w-md rounded-2xl border bg-white p-8 shadow-xl shadow-violet-900/5">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Join the team</h1>
          {invitation.data && (
            <p className="mt-1.5 text-sm text-muted-foreground">
              {invitation.data.email} is invited as {ROLE_LABELS[invitation.data.role]}.
            </p>
          )}
        </div>
        {gone ? (
          <div role="alert" className="grid gap-4 text-center">
            <p className="font-medium text-slate-900">{gone}</p>
            <Button asChild variant="outline">
              <a href="/admin/login">Go to sign-in</a>
            </Button>
          </div>
        ) : !invitation.data ? (
          <p className="text-center text-muted-foreground">Checking the invitation…</p>
        ) : (
          <form
            className="grid gap-5"
            onSubmit={(event) => {
              event.preventDefault()
              accept.mutate({ name, password }, { onSuccess: () => window.location.assign('/admin/blog') })
            }}
          >
            <FormField id={`${id}-name`} label="Your name" error={fields.name}>
              {(control) => (
                <Input
                  {...control}
                  required
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </FormField>
            <FormField
              id={`${id}-password`}
              label="Password"
              hint={`At least ${PASSWORD_MIN} characters. You sign in with ${invitation.data.email} and this password.`}
              error={fields.password}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  required
                  minLength={PASSWORD_MIN}
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </FormField>
            {accept.error && !fields.name && !fields.password && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {accept.error instanceof ApiError
                  ? (accept.error.serverMessage ?? accept.error.message)
                  : 'Please try again.'}
              </p>
            )}
            <Button type="submit" variant="gradient" disabled={accept.isPending}>
              <BusyIcon busy={accept.isPending} icon={LogInIcon} />
              Join and sign in
            </Button>
          </form>
        )}
      </main>
    </div>
  )
}
