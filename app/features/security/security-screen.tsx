import { useQuery } from '@tanstack/react-query'
import { CopyIcon, KeyRoundIcon, ShieldAlertIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import {
  twoFactorStatusOptions,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useStartSetup,
  useTwoFactorPolicy,
} from '#app/features/security/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import type { TwoFactorSetup, TwoFactorStatus } from '#common/contract/two-factor.ts'

const failed = (title: string) => (error: unknown) =>
  toast({
    variant: 'destructive',
    title,
    description: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.',
  })

/** The manual key in groups of four, as apps show it: easier to type. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key

/**
 * Issue 28: the signed-in person's two-factor sign-in (set up, recovery codes, turn off) and, for
 * Administrators, requiring it of everyone. docs/decisions/046-two-factor.md
 */
export function SecurityScreen({ canRequire }: { canRequire: boolean }) {
  const status = useQuery(twoFactorStatusOptions())
  // Shown once, right after they are made: never fetched again.
  const [codes, setCodes] = useState<string[] | null>(null)
  if (status.isError && !status.data) {
    return <LoadFailure query={status}>Your two-factor sign-in could not be loaded.</LoadFailure>
  }
  if (!status.data) return <p className="py-16 text-center text-muted-foreground">Loading…</p>
  const s = status.data
  return (
    <div className="grid gap-8">
      {s.required && !s.enabled && (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="two-factor-required"
        >
          <ShieldAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            This site requires two-factor sign-in. Set it up below to open the rest of the admin; until then this is the
            only screen you can use.
          </p>
        </div>
      )}
      {codes ? (
        <RecoveryCodesCard codes={codes} onDone={() => setCodes(null)} />
      ) : s.enabled ? (
        <EnabledCard status={s} onNewCodes={setCodes} />
      ) : (
        <SetupCard onEnabled={setCodes} />
      )}
      {canRequire && <RequireCard status={s} />}
    </div>
  )
}

function SetupCard({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const id = useId()
  const start = useStartSetup()
  const enable = useEnableTwoFactor()
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <SectionCard
      headingId="setup-heading"
      icon={<KeyRoundIcon />}
      title="Two-factor sign-in"
      description="After your password, sign-in also asks for a 6-digit code from an app on your phone (Google Authenticator, 1Password, Authy, Microsoft Authenticator…)."
      headerAction={<Badge>Off</Badge>}
    >
      {!setup ? (
        <div>
          <Button
            type="button"
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: failed('Could not start') })}
          >
            <BusyIcon busy={start.isPending} icon={ShieldCheckIcon} />
            Set up two-factor sign-in
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
          <img
            src={setup.qr}
            alt="QR code to scan with your authenticator app"
            width={208}
            height={208}
            className="size-52 rounded-lg border bg-white p-2"
          />
          <div className="grid min-w-0 gap-4">
            <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
              <li>Scan the QR code with your authenticator app.</li>
              <li>Or type this key into it by hand:</li>
            </ol>
            <code
              className="block rounded-md border bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
              data-testid="manual-key"
            >
              {grouped(setup.secret)}
            </code>
            <form
              className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-end sm:justify-start"
              onSubmit={(event) => {
                event.preventDefault()
                setError(undefined)
                enable.mutate(code, {
                  onSuccess: (answer) => {
                    toast({ title: 'Two-factor sign-in is on' })
                    onEnabled(answer.recoveryCodes)
                  },
                  onError: (e) => {
                    if (e instanceof ApiError && (e.fields.code || e.status === 400))
                      setError(e.fields.code ?? e.serverMessage ?? 'That code is not right.')
                    else failed('Could not turn it on')(e)
                  },
                })
              }}
            >
              <FormField id={`${id}-code`} label="6-digit code from the app" error={error}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                )}
              </FormField>
              <Button type="submit" disabled={enable.isPending}>
                <BusyIcon busy={enable.isPending} icon={ShieldCheckIcon} />
                Turn on
              </Button>
            </form>
          </div>
        </div>
      )}
    </SectionCard>
  )
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <SectionCard
      headingId="codes-heading"
      icon={<KeyRoundIcon />}
      title="Your recovery codes"
      description="Each one signs you in once if you lose your phone. They are shown only now: keep them somewhere safe, like a password manager."
    >
      <ul
        className="grid grid-cols-1 gap-2 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md border bg-slate-50 px-3 py-1.5 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard
              .writeText(codes.join('\n'))
              .then(
                () => toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' }),
                failed('Could not copy'),
              )
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </SectionCard>
  )
}

type Proof = 'code' | 'password'

/** A current code, a recovery code or the password: what turning off and new codes ask for. */
function ProveForm({
  action,
  busy,
  destructive,
  onSubmit,
}: {
  action: string
  busy: boolean
  destructive?: boolean
  onSubmit: (input: { code: string } | { password: string }, setError: (e: string) => void) => void
}) {
  const id = useId()
  const [proof, setProof] = useState<Proof>('code')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        setError(undefined)
        onSubmit(proof === 'code' ? { code: value } : { password: value }, (e) => {
          setError(e)
          setValue('')
        })
      }}
    >
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <legend className="mb-2 text-sm font-medium text-slate-800">Confirm it is you with</legend>
        {(['code', 'password'] as const).map((p) => (
          <label key={p} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-proof`}
              value={p}
              checked={proof === p}
              onChange={() => {
                setProof(p)
                setValue('')
                setError(undefined)
              }}
              className="size-4 accent-violet-700"
            />
            {p === 'code' ? 'A code from the app (or a recovery code)' : 'Your password'}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end sm:justify-start">
        <FormField id={`${id}-value`} label={proof === 'code' ? 'Code' : 'Password'} error={error}>
          {(control) => (
            <Input
              {...control}
              type={proof === 'password' ? 'password' : 'text'}
              autoComplete={proof === 'password' ? 'current-password' : 'one-time-code'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy || value === ''}>
          <BusyIcon busy={busy} icon={destructive ? ShieldAlertIcon : KeyRoundIcon} />
          {action}
        </Button>
      </div>
    </form>
  )
}

const proveError = (title: string, setError: (e: string) => void) => (e: unknown) => {
  if (e instanceof ApiError && e.status === 400) setError(Object.values(e.fields)[0] ?? e.serverMessage ?? title)
  else failed(title)(e)
}

function EnabledCard({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const reader = useReader()
  const [open, setOpen] = useState<'off' | 'codes' | null>(null)
  const disable = useDisableTwoFactor()
  const fresh = useNewRecoveryCodes()
  return (
    <SectionCard
      headingId="enabled-heading"
      icon={<ShieldCheckIcon />}
      title="Two-factor sign-in"
      description={
        <>
          On{status.enabledAt ? ` since ${formatDate(status.enabledAt, 'date', reader)}` : ''}.{' '}
          {status.recoveryCodesLeft} of 10 recovery codes left.
        </>
      }
      headerAction={<Badge className="border-emerald-200 bg-emerald-50 text-emerald-800">On</Badge>}
    >
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          aria-expanded={open === 'codes'}
          onClick={() => setOpen(open === 'codes' ? null : 'codes')}
        >
          New recovery codes
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-expanded={open === 'off'}
          onClick={() => setOpen(open === 'off' ? null : 'off')}
        >
          Turn off
        </Button>
      </div>
      {open === 'codes' && (
        <ProveForm
          action="Make new codes"
          busy={fresh.isPending}
          onSubmit={(input, setError) =>
            fresh.mutate(input, {
              onSuccess: (answer) => onNewCodes(answer.recoveryCodes),
              onError: proveError('Could not make new codes', setError),
            })
          }
        />
      )}
      {open === 'off' && (
        <ProveForm
          action="Turn off two-factor sign-in"
          destructive
          busy={disable.isPending}
          onSubmit={(input, setError) =>
            disable.mutate(input, {
              onSuccess: () => {
                setOpen(null)
                toast({ title: 'Two-factor sign-in is off' })
              },
              onError: proveError('Could not turn it off', setError),
            })
          }
        />
      )}
    </SectionCard>
  )
}

function RequireCard({ status }: { status: TwoFactorStatus }) {
  const id = useId()
  const policy = useTwoFactorPolicy()
  return (
    <SectionCard
      headingId="require-heading"
      icon={<UsersIcon />}
      title="Require it for everyone"
      description="Everyone on the staff must set up two-factor sign-in; until they do, this screen is all they can open."
    >
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-require`}
          checked={status.required}
          disabled={policy.isPending || (!status.enabled && !status.required)}
          onCheckedChange={(required) =>
            policy.mutate(required, {
              onSuccess: () =>
                toast({ title: required ? 'Two-factor sign-in is required' : 'Two-factor sign-in is optional' }),
              onError: failed('Could not change it'),
            })
          }
        />
        <Label htmlFor={`${id}-require`}>Require two-factor sign-in</Label>
      </div>
      {!status.enabled && !status.required && (
        <p className="text-sm text-muted-foreground">
          Turn it on for yourself first, so that this cannot lock you out.
        </p>
      )}
    </SectionCard>
  )
}
