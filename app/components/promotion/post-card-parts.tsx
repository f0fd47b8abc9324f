import {
  CalendarClockIcon,
  CalendarXIcon,
  ChartColumnIcon,
  ChevronDownIcon,
  CircleAlertIcon,
  CopyIcon,
  ExternalLinkIcon,
  Link2Icon,
  MousePointerClickIcon,
} from 'lucide-react'
import { clicksLabel } from '#app/components/promotion/click-figures.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { copyToClipboard } from '#app/lib/clipboard.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import type { XPostStatus } from '#common/contract/x-posts.ts'

/** The pieces every promoted post's card shows (the X post card and the other networks' card). */

/** The post's short link, with Copy. */
export function ShortLinkRow({ url }: { url: string }) {
  const copy = async () => {
    if (await copyToClipboard(url)) {
      toast({ title: 'Copied', description: 'The short link is on your clipboard.' })
    } else {
      toast({ title: 'Copy failed', description: `Copy this by hand: ${url}`, variant: 'destructive' })
    }
  }
  return (
    <div className="flex items-center gap-2 rounded-md border bg-slate-50 py-1 pr-1 pl-3">
      <Link2Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="sr-only">Short link:</span>
      <code className="w-0 min-w-0 flex-1 truncate font-mono text-sm text-slate-700" title={url}>
        {url}
      </code>
      <Button variant="ghost" size="sm" className="h-8" onClick={() => void copy()} aria-label="Copy short link">
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
    </div>
  )
}

function Notice({ tone, children }: { tone: 'failed' | 'retrying'; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        tone === 'failed' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 break-words">{children}</p>
    </div>
  )
}

/** A post that the network refused: its message. */
export function FailedNotice({ network, message }: { network: string; message: string }) {
  return (
    <Notice tone="failed">
      <strong className="font-semibold">Post to {network} failed:</strong> {message}
    </Notice>
  )
}

/** A scheduled post whose last try failed: it is tried again. */
export function LastTryNotice({ message }: { message: string }) {
  return (
    <Notice tone="retrying">
      <strong className="font-semibold">The last try failed:</strong> {message} It is tried again shortly.
    </Notice>
  )
}

/** The post where it went out, in a new tab. */
export function ViewOnLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-violet-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {children}
      <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  )
}

/** Opens and closes the card's click analytics (`controls`: the view's id). */
export function AnalyticsToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean
  controls: string
  onToggle: () => void
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      <ChartColumnIcon aria-hidden="true" />
      Analytics
      <ChevronDownIcon
        className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')}
        aria-hidden="true"
      />
    </Button>
  )
}

const STATUS_BADGE: Record<XPostStatus, { label: string; variant: 'muted' | 'success' | 'destructive' }> = {
  draft: { label: 'Draft', variant: 'muted' },
  scheduled: { label: 'Scheduled', variant: 'muted' },
  published: { label: 'Published', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

/** The post's state; a calendar beside Scheduled while it has a time. */
export function StatusBadge({ status, scheduled }: { status: XPostStatus; scheduled: boolean }) {
  const badge = STATUS_BADGE[status]
  return (
    <Badge variant={badge.variant}>
      {scheduled && <CalendarClockIcon aria-hidden="true" />}
      {badge.label}
    </Badge>
  )
}

/** '3 clicks' on the short link. */
export function ClicksCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
      <MousePointerClickIcon className="size-4 text-violet-600" aria-hidden="true" />
      {clicksLabel(count)}
    </span>
  )
}

export function CancelScheduleButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" disabled={pending} onClick={onClick}>
      <BusyIcon busy={pending} icon={CalendarXIcon} />
      {pending ? 'Cancelling...' : 'Cancel schedule'}
    </Button>
  )
}

/** Opens the schedule dialog. */
export function ScheduleButton({
  disabled,
  describedBy,
  onClick,
}: {
  disabled: boolean
  describedBy?: string
  onClick: () => void
}) {
  return (
    <Button variant="outline" size="sm" disabled={disabled} aria-describedby={describedBy} onClick={onClick}>
      <CalendarClockIcon aria-hidden="true" />
      Schedule
    </Button>
  )
}
