import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns'
import { formatDate, formatDateRange, type Reader } from '#app/lib/dates.ts'
import { CHANNELS, type Channel } from '#common/channel-names.ts'

// The calendar's date math, in the browser's local time zone (the admin's): a day is a local
// calendar day, weeks start on Monday, and an item moved to another day keeps its time of day.
// Dates are written by #app/lib/dates.ts, for the reader (whose zone is this same local one).

export const CALENDAR_VIEWS = ['month', 'week'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

const WEEK = { weekStartsOn: 1 } as const

/** A local day as 'yyyy-MM-dd': the id of a day cell and the `date` search parameter. */
export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd')

/** The local midnight of a 'yyyy-MM-dd' key, or null for anything else. */
export function parseDayKey(key: string | null | undefined): Date | null {
  if (!key || !/^\d{4}-\d{2}-\d{2}$/.test(key)) return null
  const date = parse(key, 'yyyy-MM-dd', new Date(2000, 0, 1))
  return isValid(date) && dayKey(date) === key ? date : null
}

export interface VisibleRange {
  /** The first day shown, at local midnight. */
  start: Date
  /** The local midnight after the last day shown (exclusive). */
  end: Date
  /** Every day shown, in order: whole weeks, Monday first. */
  days: Date[]
}

/** The days a view shows around `anchor`: the weeks that hold its month, or its week. */
export function visibleRange(view: CalendarView, anchor: Date): VisibleRange {
  const start = view === 'month' ? startOfWeek(startOfMonth(anchor), WEEK) : startOfWeek(anchor, WEEK)
  const last = view === 'month' ? endOfWeek(endOfMonth(anchor), WEEK) : endOfWeek(anchor, WEEK)
  const days: Date[] = []
  for (let day = start; day <= last; day = addDays(day, 1)) days.push(day)
  return { start, end: startOfDay(addDays(last, 1)), days }
}

/** The heading of a view, as the reader writes dates: 'December 2026', '30 Nov – 6 Dec 2026'. */
export function rangeTitle(view: CalendarView, anchor: Date, reader: Reader): string {
  if (view === 'month') return formatDate(anchor, 'monthYear', reader)
  return formatDateRange(startOfWeek(anchor, WEEK), endOfWeek(anchor, WEEK), 'date', reader)
}

/** The anchor one view earlier (-1) or later (1): a month or a week. */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  return view === 'month' ? startOfMonth(addMonths(anchor, step)) : addWeeks(anchor, step)
}

/** The view and the day it shows, read from the address (`?view=week&date=2026-12-01`), today by default. */
export function readCalendarSearch(params: URLSearchParams, today: Date): { view: CalendarView; anchor: Date } {
  const view = params.get('view') === 'week' ? 'week' : 'month'
  return { view, anchor: parseDayKey(params.get('date')) ?? startOfDay(today) }
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

/**
 * The day a key moves a picked-up item to: left and right a day, up and down a week; null for any
 * other key. The caller keeps the move inside the days it shows.
 */
export function moveDayKey(key: string, code: string): string | null {
  const step = KEY_STEPS[code]
  const day = parseDayKey(key)
  if (step === undefined || !day) return null
  return dayKey(addDays(day, step))
}

/** `at` moved to another local day, at the same local time of day. */
export function onDay(at: Date, day: string): Date | null {
  const target = parseDayKey(day)
  if (!target) return null
  const moved = new Date(at)
  moved.setFullYear(target.getFullYear(), target.getMonth(), target.getDate())
  return moved
}

/** Items grouped by the local day they fall on, each group in the order given. */
export function groupByDay<T extends { at: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const at = new Date(item.at)
    if (Number.isNaN(at.getTime())) continue
    const key = dayKey(at)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/** What the calendar can show: posts, and each network's social posts (issue 29). */
export const CALENDAR_KINDS = ['post', ...CHANNELS] as const
export type CalendarKind = (typeof CALENDAR_KINDS)[number]

/** The kinds shown, from `?show=post,linkedin` (all of them when absent or naming none). */
export function readShown(params: URLSearchParams): Set<CalendarKind> {
  const asked = (params.get('show') ?? '')
    .split(',')
    .filter((k): k is CalendarKind => (CALENDAR_KINDS as readonly string[]).includes(k))
  return new Set(asked.length > 0 ? asked : CALENDAR_KINDS)
}

/** An item's kind: 'post', or its social post's network. */
export const kindOf = (item: { type: 'post' | 'x-post'; channel: Channel | null }): CalendarKind =>
  item.type === 'post' ? 'post' : (item.channel ?? 'x')
