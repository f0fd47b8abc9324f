import { useQuery } from '@tanstack/react-query'
import { TriangleAlertIcon, XIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { mayDo, meOptions } from '#app/lib/admin-me.ts'
import { expiringChannels, socialCapabilitiesOptions } from '#app/lib/channel-queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { CHANNEL_LABELS } from '#common/channel-names.ts'

const DISMISSED = 'token-expiry-dismissed'

/**
 * Issue 29: every writer is told, on every admin screen, that a network's token stops working
 * within a week (or has): their posts there will not go out. Those who manage the channels get the
 * link to renew it; the others are told whom to ask. Dismissed for this tab until the dates change.
 */
export function TokenExpiryBanner() {
  const me = useQuery(meOptions())
  const capabilities = useQuery({ ...socialCapabilitiesOptions(), enabled: me.data !== undefined })
  const reader = useReader()
  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => setDismissed(sessionStorage.getItem(DISMISSED)), [])

  const expiring = capabilities.data ? expiringChannels(capabilities.data.channels) : []
  const key = expiring.map((c) => `${c.channel}:${c.tokenExpiresAt}`).join(',')
  if (expiring.length === 0 || dismissed === key) return null
  const now = Date.now()

  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 sm:px-6">
      <div className="mx-auto flex max-w-6xl items-start gap-2">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          {expiring.map((c) => {
            const network = CHANNEL_LABELS[c.channel]
            // A day typed on the Channels screen (or in the setting), in UTC: the same day here.
            const day = formatDate(c.tokenExpiresAt as string, 'date', { ...reader, zone: 'UTC' })
            return (
              <p key={c.channel}>
                {Date.parse(c.tokenExpiresAt as string) <= now
                  ? `${network}'s access token expired on ${day}: no ${network} post goes out until it is renewed.`
                  : `${network}'s access token expires on ${day}: ${network} posts due after it will not go out until it is renewed.`}
              </p>
            )
          })}
          <p>
            {mayDo(me.data, 'staff') ? (
              <>
                Renew it under{' '}
                <Link
                  to="/admin/channels"
                  className="rounded-sm font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  Channels
                </Link>
                .
              </>
            ) : (
              'Ask an administrator to renew it under Channels.'
            )}
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1 size-8 shrink-0 text-amber-900 hover:bg-amber-100"
          aria-label="Dismiss the token warning"
          onClick={() => {
            sessionStorage.setItem(DISMISSED, key)
            setDismissed(key)
          }}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
