import { useQuery } from '@tanstack/react-query'
import {
  ClockIcon,
  PlugIcon,
  PlusIcon,
  SaveIcon,
  Share2Icon,
  Trash2Icon,
  TriangleAlertIcon,
  UnplugIcon,
  XIcon,
} from 'lucide-react'
import { useId, useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import {
  channelsOptions,
  useDisconnectChannel,
  useSaveChannel,
  useSaveSlots,
  useTestChannel,
} from '#app/features/channels/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import {
  CHANNEL_FIELDS,
  type ChannelConnection,
  type ConnectableChannel,
  EXPIRY_WARNING_DAYS,
  SLOTS_MAX,
} from '#common/contract/channels.ts'

const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.'

/** Each network's settings on the server, for a network set there. */
const ENV_NAMES: Record<ChannelConnection['channel'], string> = {
  x: 'X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET (posting times: X_POSTING_SLOTS)',
  linkedin: 'LINKEDIN_ACCESS_TOKEN and LINKEDIN_ORGANIZATION_ID',
  bluesky: 'BLUESKY_HANDLE and BLUESKY_APP_PASSWORD',
  mastodon: 'MASTODON_URL and MASTODON_ACCESS_TOKEN',
  threads: 'THREADS_USER_ID and THREADS_ACCESS_TOKEN',
}

/**
 * Issue 29: the networks social posts go to. Per network a card: whether it is connected and from
 * where, the account the last test answered, 'Test connection', the settings to paste (the secrets
 * are never shown back) and the posting times. X is set on the server only.
 */
export function ChannelsScreen() {
  const list = useQuery(channelsOptions())
  if (list.isError && !list.data) {
    return <LoadFailure query={list}>The channels could not be loaded.</LoadFailure>
  }
  if (!list.data) return <p className="py-16 text-center text-muted-foreground">Loading…</p>
  return (
    <div className="grid min-w-0 gap-8">
      {list.data.channels.map((c) =>
        c.channel === 'x' ? <XCard key={c.channel} connection={c} /> : <ChannelCard key={c.channel} connection={c} />,
      )}
    </div>
  )
}

function StatusBadge({ connection }: { connection: ChannelConnection }) {
  return connection.connected ? (
    <Badge variant="success">Connected</Badge>
  ) : (
    <Badge variant="muted">Not connected</Badge>
  )
}

/**
 * Issue 29: a token that stops working (LinkedIn's and Threads' last 60 days) is warned of
 * EXPIRY_WARNING_DAYS ahead; past it, posts are refused until it is renewed.
 */
function ExpiryWarning({ connection }: { connection: ChannelConnection }) {
  const reader = useReader()
  if (!connection.connected || !connection.tokenExpiresAt) return null
  const left = Date.parse(connection.tokenExpiresAt) - Date.now()
  if (left > EXPIRY_WARNING_DAYS * 86_400_000) return null
  // The date typed on this screen (or in the setting) is a day in UTC: written as that same day.
  const day = formatDate(connection.tokenExpiresAt, 'date', { ...reader, zone: 'UTC' })
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {left <= 0
        ? `Its access token expired on ${day}: nothing is posted until you paste a new one and its date below.`
        : `Its access token expires on ${day}: paste a new one and its date below before then; posts due after it cannot be scheduled.`}
    </p>
  )
}

function XCard({ connection }: { connection: ChannelConnection }) {
  return (
    <SectionCard
      headingId="channel-x"
      icon={<Share2Icon />}
      title="X"
      description="Set on the server only."
      headerAction={<StatusBadge connection={connection} />}
    >
      <div className="grid gap-3 text-sm text-slate-700">
        <p>
          X posts with the server’s settings {ENV_NAMES.x}.{' '}
          {connection.connected ? 'They are set.' : 'They are not set.'} Change them in the server’s environment and
          restart it.
        </p>
        <p>
          Posting times: <span className="font-medium">{connection.slots.join(', ') || 'none'}</span>
        </p>
      </div>
    </SectionCard>
  )
}

function ChannelCard({ connection }: { connection: ChannelConnection }) {
  const channel = connection.channel as ConnectableChannel
  const reader = useReader()
  const test = useTestChannel(channel)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const runTest = () => {
    setResult(null)
    test.mutate(undefined, {
      onSuccess: ({ account }) => setResult({ ok: true, text: `Connected as ${account}.` }),
      onError: (error) => setResult({ ok: false, text: messageOf(error) }),
    })
  }
  return (
    <SectionCard
      headingId={`channel-${channel}`}
      icon={<Share2Icon />}
      title={connection.label}
      description={
        connection.account
          ? `Account: ${connection.account}${connection.verifiedAt ? `, tested ${formatDate(connection.verifiedAt, 'moment', reader)}` : ''}`
          : connection.connected
            ? 'Not tested yet.'
            : 'Paste its settings below to post there.'
      }
      headerAction={<StatusBadge connection={connection} />}
      busy={test.isPending}
    >
      <div className="grid min-w-0 gap-6">
        <ExpiryWarning connection={connection} />
        <div className="grid gap-2">
          {connection.source && (
            <p className="text-sm text-slate-700">
              {connection.source === 'environment'
                ? 'Connected with the server’s settings.'
                : 'Connected with the settings saved on this screen.'}
            </p>
          )}
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={!connection.connected || test.isPending}
              aria-describedby={`channel-${channel}-result`}
              onClick={runTest}
            >
              <BusyIcon busy={test.isPending} icon={PlugIcon} />
              {test.isPending ? 'Testing…' : 'Test connection'}
            </Button>
          </div>
          <p
            id={`channel-${channel}-result`}
            role="status"
            className={
              result ? (result.ok ? 'text-sm text-green-800' : 'text-sm font-medium text-destructive') : 'sr-only'
            }
          >
            {result?.text ?? ''}
          </p>
        </div>
        {connection.source === 'environment' ? (
          <p className="text-sm text-slate-700">
            Set by the server’s environment ({ENV_NAMES[channel]}); change it there.
          </p>
        ) : (
          <SettingsForm connection={connection} channel={channel} onChanged={() => setResult(null)} />
        )}
        <SlotsEditor channel={channel} label={connection.label} slots={connection.slots} />
      </div>
    </SectionCard>
  )
}

function SettingsForm({
  connection,
  channel,
  onChanged,
}: {
  connection: ChannelConnection
  channel: ConnectableChannel
  onChanged: () => void
}) {
  const id = useId()
  const save = useSaveChannel(channel)
  const disconnect = useDisconnectChannel(channel)
  const fields = CHANNEL_FIELDS[channel]
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, f.secret ? '' : (connection.fields.values[f.key] ?? '')])),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState<string | null>(null)
  const secretKey = (key: string) => fields.some((f) => f.key === key && f.secret)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setErrors({})
    setSaved(null)
    save.mutate(values, {
      onSuccess: (answer) => {
        setValues((v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, secretKey(k) ? '' : x])))
        setSaved(answer.message)
        onChanged()
      },
      onError: (error) => {
        const byField: Record<string, string> = {}
        if (error instanceof ApiError)
          for (const [k, v] of Object.entries(error.fields)) byField[k.replace(/^fields\./, '')] = v
        setErrors(byField)
        if (Object.keys(byField).length === 0)
          toast({ variant: 'destructive', title: 'Could not save', description: messageOf(error) })
      },
    })
  }
  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate aria-label={`${connection.label} settings`}>
      {fields.map((field) => {
        const set = field.secret && connection.fields.secretsSet[field.key]
        return (
          <FormField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            hint={set ? `${field.help} Saved: leave empty to keep it.` : field.help}
            error={errors[field.key]}
            optional={Boolean(field.defaultValue) || field.date === true}
          >
            {(control) => (
              <Input
                {...control}
                name={field.key}
                type={
                  field.secret
                    ? 'password'
                    : field.date
                      ? 'date'
                      : field.key.toLowerCase().endsWith('url')
                        ? 'url'
                        : 'text'
                }
                autoComplete="off"
                spellCheck={false}
                placeholder={set ? '•••••••• (saved)' : (field.defaultValue ?? '')}
                value={values[field.key] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
              />
            )}
          </FormField>
        )
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <BusyIcon busy={save.isPending} icon={SaveIcon} />
          Save
        </Button>
        {connection.source === 'screen' && (
          <Button
            type="button"
            variant="outline"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: (answer) => {
                  setValues(Object.fromEntries(fields.map((f) => [f.key, f.defaultValue ?? ''])))
                  setSaved(answer.message)
                  onChanged()
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Could not disconnect', description: messageOf(error) }),
              })
            }
          >
            <BusyIcon busy={disconnect.isPending} icon={UnplugIcon} />
            Disconnect
          </Button>
        )}
        <p role="status" className="text-sm text-green-800">
          {saved ?? ''}
        </p>
      </div>
    </form>
  )
}

function SlotsEditor({ channel, label, slots }: { channel: ConnectableChannel; label: string; slots: string[] }) {
  const id = useId()
  const save = useSaveSlots(channel)
  const [times, setTimes] = useState<string[]>(slots)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setSaid(null)
    save.mutate(
      times.filter((t) => t !== ''),
      {
        onSuccess: (answer) => {
          setTimes(answer.slots)
          setSaid({ ok: true, text: answer.message })
        },
        onError: (error) => setSaid({ ok: false, text: messageOf(error) }),
      },
    )
  }
  return (
    <form className="grid min-w-0 gap-3 border-t pt-5" onSubmit={submit} aria-label={`${label} posting times`}>
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ClockIcon className="size-4 text-violet-700" aria-hidden="true" />
          Posting times
        </h3>
        <p className="text-xs text-muted-foreground">
          The times offered when a post is scheduled, up to {SLOTS_MAX}. With none of its own, a network uses X’s.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2">
        {times.map((time, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the times are edited in place; their place is their identity.
          <li key={index} className="flex items-center gap-1">
            <Input
              type="time"
              className="w-32"
              aria-label={`Posting time ${index + 1}`}
              value={time}
              onChange={(e) => setTimes((t) => t.map((x, i) => (i === index ? e.target.value : x)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove posting time ${index + 1}`}
              onClick={() => setTimes((t) => t.filter((_, i) => i !== index))}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={times.length >= SLOTS_MAX}
          onClick={() => setTimes((t) => [...t, '12:00'])}
        >
          <PlusIcon aria-hidden="true" />
          Add a time
        </Button>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          <BusyIcon busy={save.isPending} icon={SaveIcon} />
          Save posting times
        </Button>
        {times.length > 0 && (
          <Button type="button" variant="ghost" onClick={() => setTimes([])}>
            <Trash2Icon aria-hidden="true" />
            Use X’s times
          </Button>
        )}
        <p
          role="status"
          className={said?.ok === false ? 'text-sm font-medium text-destructive' : 'text-sm text-green-800'}
        >
          {said?.text ?? ''}
        </p>
      </div>
    </form>
  )
}
