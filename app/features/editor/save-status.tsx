import { CheckIcon, CircleDotIcon, CloudOffIcon, LoaderCircleIcon, PencilIcon } from 'lucide-react'
import type { SaveState } from '#app/features/editor/use-autosave.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'

const TONE: Record<SaveState['kind'], string> = {
  saving: 'text-slate-600',
  saved: 'text-emerald-800',
  unsaved: 'text-slate-700',
  unpublished: 'border-amber-300 bg-amber-50 text-amber-900',
  offline: 'border-red-200 bg-red-50 text-red-800',
}

function Icon({ kind }: { kind: SaveState['kind'] }) {
  if (kind === 'saving') return <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" />
  if (kind === 'saved') return <CheckIcon />
  if (kind === 'offline') return <CloudOffIcon />
  if (kind === 'unpublished') return <CircleDotIcon />
  return <PencilIcon />
}

/**
 * Issue 32: where the post's text stands, always in view in the bar of the save button: 'Saving…',
 * 'Saved 09:41' (the reader's clock), 'Unsaved changes', 'Unpublished changes' (a published or
 * scheduled post waits for 'Update'), 'Offline — saved on this device'. Announced politely.
 */
export function SaveStatus({ status, className }: { status: SaveState; className?: string }) {
  const reader = useReader()
  const text =
    status.kind === 'saving'
      ? 'Saving…'
      : status.kind === 'saved'
        ? `Saved ${formatDate(status.at, 'time', reader)}`
        : status.kind === 'unpublished'
          ? 'Unpublished changes'
          : status.kind === 'offline'
            ? 'Offline — saved on this device'
            : 'Unsaved changes'
  return (
    <p
      role="status"
      aria-live="polite"
      data-save-state={status.kind}
      className={cn(
        'inline-flex min-h-8 items-center gap-1.5 rounded-full border border-transparent px-2.5 text-sm font-medium whitespace-nowrap [&_svg]:size-4 [&_svg]:shrink-0',
        TONE[status.kind],
        className,
      )}
    >
      <span aria-hidden="true" className="contents">
        <Icon kind={status.kind} />
      </span>
      {text}
    </p>
  )
}
