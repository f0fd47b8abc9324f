import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useQuery } from '@tanstack/react-query'
import { startOfDay } from 'date-fns'
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import {
  CALENDAR_KINDS,
  type CalendarKind,
  type CalendarView,
  dayKey,
  groupByDay,
  kindOf,
  moveDayKey,
  onDay,
  parseDayKey,
  rangeTitle,
  readCalendarSearch,
  readShown,
  shiftAnchor,
  visibleRange,
} from '#app/features/calendar/calendar-dates.ts'
import { CalendarAgenda, CalendarGrid, CalendarSkeleton } from '#app/features/calendar/calendar-days.tsx'
import { ChipBody, DRAG_HINT_ID, type DragData, itemLabel } from '#app/features/calendar/calendar-item.tsx'
import { MoveToDateDialog } from '#app/features/calendar/move-to-date-dialog.tsx'
import { asksAboutXPosts, calendarOptions, rescheduleError, useReschedule } from '#app/features/calendar/queries.ts'
import { type PendingDrop, XPostsChoiceDialog } from '#app/features/calendar/x-posts-choice-dialog.tsx'
import { browserReader, formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { useMediaQuery } from '#app/lib/use-media-query.ts'
import { cn } from '#app/lib/utils.ts'
import { CHANNEL_LABELS } from '#common/channel-names.ts'
import { type CalendarItem, scheduleProblem, type XPostsChoice } from '#common/contract/schedule.ts'

const DRAG_HINT =
  'To move it to another day, press Space, then the arrow keys (up and down move a week), and Space again to drop it; Escape puts it back.'

/**
 * `/admin/calendar` (issue 14): a month or week of scheduled and published posts and social posts (issue 29), in
 * the admin's time zone. An item opens on click and moves to another day by drag (pointer or
 * keyboard) or 'Move to date…'.
 */
export function CalendarScreen() {
  // Days and times belong to the browser's time zone: nothing is drawn before it runs.
  if (!useHydrated()) return <CalendarSkeletonScreen />
  return <Calendar />
}

function CalendarSkeletonScreen() {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-10 w-full max-w-md" />
      <CalendarSkeleton view="month" />
    </div>
  )
}

function Calendar() {
  const [params, setParams] = useSearchParams()
  const { view, anchor } = readCalendarSearch(params, new Date())
  const range = visibleRange(view, anchor)
  const reader = useReader()
  const title = rangeTitle(view, anchor, reader)
  const query = useQuery(calendarOptions(range.start, range.end))
  const wide = useMediaQuery('(min-width: 768px)')
  const reschedule = useReschedule()
  const [moving, setMoving] = useState<CalendarItem | null>(null)
  const [dropped, setDropped] = useState<PendingDrop | null>(null)

  const show = (next: { view?: CalendarView; anchor?: Date }) => {
    const search = new URLSearchParams({ view: next.view ?? view, date: dayKey(next.anchor ?? anchor) })
    if (params.has('show')) search.set('show', params.get('show') as string)
    setParams(search, { preventScrollReset: true })
  }

  /** Sends a move; resolves with the server's refusal or null. Both end in a toast. */
  const move = (item: CalendarItem, at: Date, xPosts?: XPostsChoice): Promise<string | null> =>
    reschedule.mutateAsync({ item, at, xPosts }).then(
      (answer) => {
        const n = 'movedXPosts' in answer ? answer.movedXPosts.length : 0
        const along = n === 0 ? '' : ` ${n === 1 ? 'Its social post' : `Its ${n} social posts`} moved with it.`
        toast({
          title: `Rescheduled to ${formatDate(at, 'moment', reader)}`,
          description: `${itemLabel(item)}.${along}`,
        })
        return null
      },
      (error: unknown) => {
        const message = rescheduleError(error)
        toast({ title: 'Could not reschedule', description: message, variant: 'destructive' })
        return message
      },
    )

  const shown = readShown(params)
  const items = query.data?.filter((item) => shown.has(kindOf(item)))
  const byDay = groupByDay(items ?? [])
  const toggle = (kind: CalendarKind) => {
    const next = new Set(shown)
    if (next.has(kind)) next.delete(kind)
    else next.add(kind)
    const search = new URLSearchParams(params)
    if (next.size === CALENDAR_KINDS.length || next.size === 0) search.delete('show')
    else search.set('show', CALENDAR_KINDS.filter((k) => next.has(k)).join(','))
    setParams(search, { preventScrollReset: true })
  }
  const Days = wide ? CalendarGrid : CalendarAgenda
  const unit = view === 'month' ? 'month' : 'week'

  return (
    <div className="grid gap-4">
      <p id={DRAG_HINT_ID} hidden>
        {DRAG_HINT}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Previous ${unit}`}
            title={`Previous ${unit}`}
            onClick={() => show({ anchor: shiftAnchor(view, anchor, -1) })}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => show({ anchor: startOfDay(new Date()) })}>
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Next ${unit}`}
            title={`Next ${unit}`}
            onClick={() => show({ anchor: shiftAnchor(view, anchor, 1) })}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <h2 className="ml-1 text-xl font-semibold text-slate-900" aria-live="polite">
            {title}
          </h2>
        </div>
        <fieldset className="inline-flex rounded-md border bg-white p-0.5">
          <legend className="sr-only">View</legend>
          {(['month', 'week'] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={v === view ? 'secondary' : 'ghost'}
              aria-pressed={v === view}
              onClick={() => show({ view: v })}
            >
              {v === 'month' ? 'Month' : 'Week'}
            </Button>
          ))}
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-muted-foreground">{`Times are in your time zone (${reader.zone}).`}</p>
        {/* Issue 29: one calendar for every network, each one shown or hidden. */}
        <fieldset className="flex flex-wrap items-center gap-1">
          <legend className="sr-only">Show</legend>
          <span aria-hidden="true" className="mr-1 text-sm text-muted-foreground">
            Show
          </span>
          {CALENDAR_KINDS.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant={shown.has(kind) ? 'secondary' : 'ghost'}
              aria-pressed={shown.has(kind)}
              className="h-7 px-2"
              onClick={() => toggle(kind)}
            >
              {kind === 'post' ? 'Posts' : CHANNEL_LABELS[kind]}
            </Button>
          ))}
        </fieldset>
      </div>

      {query.isPending ? (
        <CalendarSkeleton view={view} />
      ) : query.isError && !items ? (
        <LoadFailure className="rounded-xl border bg-white shadow-sm" query={query}>
          The calendar could not be loaded.
        </LoadFailure>
      ) : (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          {items?.length === 0 && <EmptyRange title={title} />}
          {(wide || (items?.length ?? 0) > 0) && (
            <DragArea
              onDrop={(item, at) => {
                // A post with scheduled X posts asks first what they do (issue 27).
                if (!asksAboutXPosts(item)) return move(item, at)
                setDropped({ item, at })
                return Promise.resolve(null)
              }}
            >
              <Days view={view} anchor={anchor} days={range.days} byDay={byDay} onMove={setMoving} />
            </DragArea>
          )}
        </div>
      )}

      <MoveToDateDialog
        item={moving}
        moving={reschedule.isPending}
        onMove={async (item, at, xPosts) => {
          const refusal = await move(item, at, xPosts)
          if (!refusal) setMoving(null)
          return refusal
        }}
        onClose={() => setMoving(null)}
      />
      <XPostsChoiceDialog
        drop={dropped}
        onChoose={(drop, choice) => {
          setDropped(null)
          void move(drop.item, drop.at, choice)
        }}
        onClose={() => setDropped(null)}
      />
    </div>
  )
}

function EmptyRange({ title }: { title: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-white px-6 py-10 text-center shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
        <CalendarDaysIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">{`Nothing is scheduled or published in ${title}.`}</p>
      <p className="max-w-prose text-sm text-muted-foreground">
        Schedule a post or an X post from the post’s edit screen and it shows up here; published posts appear on the day
        they went live.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/admin/blog/create" className={buttonVariants({ variant: 'gradient' })}>
          <PlusIcon aria-hidden="true" />
          New Blog Post
        </Link>
        <Link to="/admin/blog" className={buttonVariants({ variant: 'outline' })}>
          Blog Management
        </Link>
      </div>
    </div>
  )
}

/** Pointer drags use the pointer's day; keyboard drags the day whose centre the item was moved to. */
const collisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args))

/** Arrow keys move a picked-up item a day (left, right) or a week (up, down) within the days shown. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const data = context.active?.data.current as DragData | undefined
  const from = (context.over?.id as string | undefined) ?? data?.day
  const target = from ? moveDayKey(from, event.code) : null
  if (!target) return undefined
  event.preventDefault()
  const rect = context.droppableRects.get(target)
  const size = context.collisionRect
  if (!rect || !size) return undefined
  return {
    x: rect.left + rect.width / 2 - size.width / 2,
    y: rect.top + rect.height / 2 - size.height / 2,
  }
}

// Read out while dragging, in the browser only: the browser's reader is the one shown.
const dayName = (id: unknown) => {
  const day = typeof id === 'string' ? parseDayKey(id) : null
  return day ? formatDate(day, 'longDay', browserReader()) : 'no day'
}

const labelOf = (data: unknown) => {
  const item = (data as DragData | undefined)?.item
  return item ? itemLabel(item) : 'The item'
}

const announcements: Announcements = {
  onDragStart: ({ active }) =>
    `Picked up ${labelOf(active.data.current)}, on ${dayName((active.data.current as DragData | undefined)?.day)}.`,
  onDragOver: ({ active, over }) => {
    // Over its own day at the start: the 'Picked up' sentence stays the one read out.
    if (over && over.id === (active.data.current as DragData | undefined)?.day) return undefined
    return over
      ? `${labelOf(active.data.current)} is over ${dayName(over.id)}.`
      : `${labelOf(active.data.current)} is over no day.`
  },
  onDragEnd: ({ active, over }) => {
    const from = (active.data.current as DragData | undefined)?.day
    if (!over || over.id === from) return `${labelOf(active.data.current)} stays on ${dayName(from)}.`
    return `${labelOf(active.data.current)} dropped on ${dayName(over.id)}.`
  },
  onDragCancel: ({ active }) =>
    `Moving ${labelOf(active.data.current)} was cancelled; it stays on ${dayName((active.data.current as DragData | undefined)?.day)}.`,
}

function DragArea({
  onDrop,
  children,
}: {
  onDrop: (item: CalendarItem, at: Date) => Promise<string | null>
  children: React.ReactNode
}) {
  const [active, setActive] = useState<DragData | null>(null)
  const reader = useReader()
  const sensors = useSensors(
    // A few pixels of travel first, so a click still opens the item.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Enter keeps opening the link: only Space picks up.
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  )

  const start = ({ active }: DragStartEvent) => setActive((active.data.current as DragData | undefined) ?? null)
  const end = ({ active, over }: DragEndEvent) => {
    setActive(null)
    const data = active.data.current as DragData | undefined
    if (!data || !over || over.id === data.day) return
    const at = onDay(new Date(data.item.at), String(over.id))
    if (!at) return
    const problem = scheduleProblem(at, new Date())
    if (problem) {
      toast({
        title: 'Could not reschedule',
        description: `${formatDate(at, 'moment', reader)}: ${problem === 'Must be in the future' ? 'that is in the past. Pick today or a later day.' : problem}`,
        variant: 'destructive',
      })
      return
    }
    void onDrop(data.item, at)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_HINT } }}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className="w-48 rounded-md border-l-4 border-violet-600 bg-white px-1.5 py-1 shadow-lg">
            <ChipBody item={active.item} size="compact" />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  )
}
