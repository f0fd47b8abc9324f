import { useDraggable } from '@dnd-kit/core'
import { CalendarClockIcon, FileTextIcon } from 'lucide-react'
import { Link } from 'react-router'
import { ChannelMark } from '#app/components/brand/channel-mark.tsx'
import { dayKey } from '#app/features/calendar/calendar-dates.ts'
import { canReschedule, itemKey } from '#app/features/calendar/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'
import { CHANNEL_LABELS } from '#common/channel-names.ts'
import type { CalendarItem } from '#common/contract/schedule.ts'

/** What a dragged chip carries: the item and the day it sat on when picked up. */
export interface DragData {
  item: CalendarItem
  day: string
}

export const STATUS_LABEL: Record<CalendarItem['status'], string> = {
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
}

const STATUS_STYLE: Record<CalendarItem['status'], { chip: string; label: string }> = {
  scheduled: { chip: 'border-violet-600 bg-violet-50 text-slate-900', label: 'text-violet-800' },
  published: { chip: 'border-emerald-600 bg-emerald-50 text-slate-900', label: 'text-emerald-800' },
  failed: { chip: 'border-red-600 bg-red-50 text-slate-900', label: 'text-red-700' },
}

/** Where a click on an item leads: the post's edit screen, at its X panel or its other networks' panel. */
export const itemHref = (item: CalendarItem) =>
  item.type === 'post'
    ? `/admin/blog/edit/${item.postId}`
    : `/admin/blog/edit/${item.postId}#${item.channel ?? 'x'}-posts`

const isX = (item: CalendarItem) => item.channel === null || item.channel === 'x'
/** 'X post', 'LinkedIn post', …: a social post named by its network (issue 29). */
const socialName = (item: CalendarItem) => `${CHANNEL_LABELS[item.channel ?? 'x']} post`

/** How an item is named in announcements and toasts: 'Post “Title”', 'LinkedIn post for “Title”'. */
export const itemLabel = (item: CalendarItem) =>
  item.type === 'post' ? `Post “${item.title}”` : `${socialName(item)} for “${item.title}”`

export const DRAG_HINT_ID = 'calendar-drag-hint'

/** Issue 27: why a scheduled X post is where it is, when that is not its own time. */
const waitsTitle = (item: CalendarItem) =>
  item.waitsFor === 'article'
    ? `It goes to ${CHANNEL_LABELS[item.channel ?? 'x']} right after its article goes live.`
    : item.waitsFor === 'unscheduled-article'
      ? `Its article has no publish time yet: it goes to ${CHANNEL_LABELS[item.channel ?? 'x']} once the article is published.`
      : undefined

export interface CalendarItemChipProps {
  item: CalendarItem
  /** compact: a month cell; full: a week column or the phone's list, with the X text and any error. */
  size: 'compact' | 'full'
  /** Whether it can be dragged here (not on a phone, and only items that can move). */
  draggable: boolean
  /** Opens 'Move to date…' for the item. */
  onMove: (item: CalendarItem) => void
}

/** One post or X post on a day: a link that opens it, a drag handle, and a 'Move to date…' button. */
export function CalendarItemChip({ item, size, draggable, onMove }: CalendarItemChipProps) {
  const movable = canReschedule(item)
  const at = new Date(item.at)
  const data: DragData = { item, day: dayKey(at) }
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: itemKey(item),
    data,
    disabled: !(movable && draggable),
  })
  return (
    <div
      ref={setNodeRef}
      data-testid={`calendar-item-${itemKey(item)}`}
      className={cn(
        'group flex min-w-0 items-start rounded-md border-l-4 shadow-xs',
        STATUS_STYLE[item.status].chip,
        isDragging && 'opacity-40',
      )}
    >
      <Link
        to={itemHref(item)}
        draggable={false}
        title={item.status === 'failed' && item.error ? `Failed: ${item.error}` : waitsTitle(item)}
        // The sensors' key and pointer handlers, not their role: this stays a link that opens the item.
        {...(movable && draggable ? { ...listeners, 'aria-describedby': DRAG_HINT_ID } : {})}
        className={cn(
          'block min-w-0 flex-1 rounded-md px-1.5 py-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          movable && draggable && 'cursor-grab touch-manipulation active:cursor-grabbing',
        )}
      >
        <ChipBody item={item} size={size} />
      </Link>
      {movable && (
        <button
          type="button"
          onClick={() => onMove(item)}
          title="Move to date…"
          className="m-0.5 flex size-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-white/80 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <CalendarClockIcon className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{`Move to date…: ${itemLabel(item)}`}</span>
        </button>
      )}
    </div>
  )
}

/** A chip's face without its controls: also what follows the pointer while dragging. */
export function ChipBody({ item, size }: { item: CalendarItem; size: 'compact' | 'full' }) {
  const reader = useReader()
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-1 text-xs leading-5">
        <span aria-hidden="true" className="flex size-3.5 shrink-0 items-center justify-center text-slate-700">
          {item.type === 'post' ? (
            <FileTextIcon className="size-3.5" />
          ) : (
            <ChannelMark channel={item.channel ?? 'x'} className="size-3.5 rounded-[3px] text-[7px] [&_svg]:size-2" />
          )}
        </span>
        <span className="sr-only">{item.type === 'post' ? 'Post, ' : `${socialName(item)}, `}</span>
        {item.type === 'x-post' && !isX(item) && (
          <span aria-hidden="true" className="font-semibold text-slate-700">
            {CHANNEL_LABELS[item.channel ?? 'x']}
          </span>
        )}
        <time dateTime={item.at} className="font-semibold whitespace-nowrap tabular-nums">
          {formatDate(item.at, 'time', reader)}
        </time>
        <span className={cn('font-semibold', STATUS_STYLE[item.status].label)}>{STATUS_LABEL[item.status]}</span>
        {item.waitsFor && (
          <span className="text-slate-700">
            {item.waitsFor === 'article' ? 'right after its article' : 'waits for its article'}
          </span>
        )}
      </span>
      <span className={cn('block text-xs font-medium', size === 'compact' ? 'truncate' : 'wrap-anywhere')}>
        {item.title}
      </span>
      {size === 'full' && item.text && (
        <span className="mt-0.5 line-clamp-2 block text-xs wrap-anywhere text-slate-600">{item.text}</span>
      )}
      {item.status === 'failed' && item.error && (
        <span className={cn('block text-xs text-red-700', size === 'compact' ? 'sr-only' : 'mt-0.5 wrap-anywhere')}>
          {`Failed: ${item.error}`}
        </span>
      )}
    </>
  )
}
