import { useDroppable } from '@dnd-kit/core'
import { isSameMonth, isToday } from 'date-fns'
import { placeholderKeys, SkeletonBars } from '#app/components/ui/skeleton.tsx'
import { type CalendarView, dayKey } from '#app/features/calendar/calendar-dates.ts'
import { CalendarItemChip } from '#app/features/calendar/calendar-item.tsx'
import { itemKey } from '#app/features/calendar/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'
import type { CalendarItem } from '#common/contract/schedule.ts'

export interface DaysProps {
  view: CalendarView
  /** A day of the month shown (month view): days of other months are dimmed. */
  anchor: Date
  days: Date[]
  byDay: Map<string, CalendarItem[]>
  onMove: (item: CalendarItem) => void
}

/** The month's weeks or the week's days as seven columns, each day a drop target. */
export function CalendarGrid({ view, anchor, days, byDay, onMove }: DaysProps) {
  const reader = useReader()
  // The first row's days are Monday to Sunday: their names as the reader writes them.
  const weekdays = days.slice(0, 7).map((day) => formatDate(day, 'weekday', reader))
  return (
    <div className="overflow-hidden rounded-xl border bg-white shadow-sm">
      <div aria-hidden="true" className="grid grid-cols-7 border-b bg-slate-50">
        {weekdays.map((name) => (
          <div key={name} className="px-2 py-2 text-xs font-semibold text-slate-600">
            {name}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {days.map((day) => (
          <DayCell
            key={dayKey(day)}
            day={day}
            items={byDay.get(dayKey(day)) ?? []}
            view={view}
            outside={view === 'month' && !isSameMonth(day, anchor)}
            onMove={onMove}
          />
        ))}
      </ol>
    </div>
  )
}

function DayCell({
  day,
  items,
  view,
  outside,
  onMove,
}: {
  day: Date
  items: CalendarItem[]
  view: CalendarView
  outside: boolean
  onMove: (item: CalendarItem) => void
}) {
  const key = dayKey(day)
  const { setNodeRef, isOver } = useDroppable({ id: key })
  const today = isToday(day)
  const reader = useReader()
  return (
    <li
      ref={setNodeRef}
      id={`day-${key}`}
      data-day={key}
      className={cn(
        'min-w-0 border-r border-b p-1.5 transition-colors [&:nth-child(7n)]:border-r-0',
        view === 'month' ? 'min-h-28' : 'min-h-80',
        outside && 'bg-slate-50/70',
        isOver && 'bg-violet-100 ring-2 ring-violet-600 ring-inset',
      )}
    >
      <p className="mb-1 flex items-center gap-1.5 text-xs">
        <span
          aria-hidden="true"
          className={cn(
            'flex h-6 min-w-6 items-center justify-center rounded-full px-1 font-semibold tabular-nums',
            today ? 'bg-violet-700 text-white' : outside ? 'text-slate-500' : 'text-slate-800',
          )}
        >
          {formatDate(day, view === 'week' || day.getDate() === 1 ? 'dayMonth' : 'day', reader)}
        </span>
        {today && (
          <span aria-hidden="true" className="font-semibold text-violet-800">
            Today
          </span>
        )}
        <span className="sr-only">{`${formatDate(day, 'longDate', reader)}${today ? ', today' : ''}`}</span>
      </p>
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-1">
          {items.map((item) => (
            <li key={itemKey(item)}>
              <CalendarItemChip item={item} size={view === 'month' ? 'compact' : 'full'} draggable onMove={onMove} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * The phone's list (too narrow for seven columns): a month lists only its days with items (and
 * today), a week all seven days. Items move with 'Move to date…' here, not by dragging.
 */
export function CalendarAgenda({ view, anchor, days, byDay, onMove }: DaysProps) {
  const reader = useReader()
  const shown = days.filter((day) =>
    view === 'week' ? true : isSameMonth(day, anchor) && (byDay.has(dayKey(day)) || isToday(day)),
  )
  return (
    <ol className="grid gap-3">
      {shown.map((day) => {
        const items = byDay.get(dayKey(day)) ?? []
        const today = isToday(day)
        return (
          <li key={dayKey(day)} className="rounded-xl border bg-white p-3 shadow-sm">
            <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              {formatDate(day, 'longDay', reader)}
              {today && (
                <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white">Today</span>
              )}
            </h3>
            {items.length > 0 ? (
              <ul className="mt-2 grid grid-cols-1 gap-1.5">
                {items.map((item) => (
                  <li key={itemKey(item)}>
                    <CalendarItemChip item={item} size="full" draggable={false} onMove={onMove} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">Nothing scheduled.</p>
            )}
          </li>
        )
      })}
    </ol>
  )
}

/** The calendar's shape while its items load. */
export function CalendarSkeleton({ view }: { view: CalendarView }) {
  const cells = view === 'month' ? 35 : 7
  return (
    <div role="status" className="overflow-hidden rounded-xl border bg-white shadow-sm">
      <span className="sr-only">Loading the calendar…</span>
      <div className="grid grid-cols-7" aria-hidden="true">
        {placeholderKeys(cells).map((key) => (
          <SkeletonBars
            key={key}
            className={cn('grid content-start gap-2 border-r border-b p-2', view === 'month' ? 'min-h-28' : 'min-h-80')}
            bars={['h-4 w-6', 'h-9 w-full']}
          />
        ))}
      </div>
    </div>
  )
}
