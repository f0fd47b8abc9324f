import { Badge } from '#app/components/ui/badge.tsx'
import type { DeliveryCounts, NewsletterState } from '#common/contract/newsletters.ts'

export const NEWSLETTER_STATE_LABELS: Record<NewsletterState, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
}

const STATE_VARIANTS = { scheduled: 'secondary', sending: 'default', sent: 'success', cancelled: 'muted' } as const

export function NewsletterStateBadge({ state }: { state: NewsletterState }) {
  return <Badge variant={STATE_VARIANTS[state]}>{NEWSLETTER_STATE_LABELS[state]}</Badge>
}

const total = (c: DeliveryCounts) => c.queued + c.sent + c.failed + c.bounced

/**
 * Issue 30: how far a send is: a bar of the emails sent out of all the readers it goes to, and the
 * four counts. Before the send starts its outbox is empty (it is filled when it starts).
 */
export function NewsletterProgress({ counts, label }: { counts: DeliveryCounts; label: string }) {
  const all = total(counts)
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-800 tabular-nums">
          {all === 0 ? 'No emails queued yet' : `Sent ${counts.sent} of ${all}`}
        </span>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100 [&::-moz-progress-bar]:bg-violet-600 [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-violet-600"
        max={Math.max(all, 1)}
        value={counts.sent}
        aria-label={label}
      />
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {(['queued', 'sent', 'failed', 'bounced'] as const).map((key) => (
          <div key={key} className="flex gap-1">
            <dt className="capitalize">{key}</dt>
            <dd className="font-medium text-slate-800 tabular-nums">{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
