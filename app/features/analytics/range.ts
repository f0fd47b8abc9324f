import { formatDayRange, type Reader } from '#app/lib/dates.ts'
import { ANALYTICS_RANGE_DAYS } from '#common/limits.ts'

/** The ranges offered as one press: the last 7, 30 or 90 UTC days, today included. */
export const PRESETS = [7, 30, 90] as const
export type Preset = (typeof PRESETS)[number]
export const DEFAULT_PRESET: Preset = 30

export interface Range {
  /** A preset's number of days, or 'custom' for dates the admin typed. */
  kind: Preset | 'custom'
  /** UTC days, YYYY-MM-DD, both included. */
  from: string
  to: string
}

const DAY_MS = 86_400_000

/** The UTC day of a moment: the API counts in UTC days. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** `day` moved by `n` days (negative goes back). */
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS))

/** A real calendar day written YYYY-MM-DD ('2026-02-30' is not one). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const t = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(t) && utcDay(new Date(t)) === value
}

/** How many days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

/** The last `days` days up to `today`. */
export const presetRange = (days: Preset, today: string): Range => ({
  kind: days,
  from: addDays(today, -(days - 1)),
  to: today,
})

/** Why a custom range cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isDay(from)) return 'Enter a start date.'
  if (!isDay(to)) return 'Enter an end date.'
  const days = daysBetween(from, to)
  if (days < 1) return 'The end date must be on or after the start date.'
  if (days > ANALYTICS_RANGE_DAYS) return `A range can span at most ${ANALYTICS_RANGE_DAYS} days.`
  return null
}

/**
 * The range the address asks for: `?days=7|30|90`, or `?from=&to=` for a custom one. Anything else
 * (a missing, unknown or impossible value) is the last 30 days.
 */
export function readRange(params: URLSearchParams, today: string): Range {
  const from = params.get('from')
  const to = params.get('to')
  if (from !== null && to !== null && customRangeProblem(from, to) === null) {
    return { kind: 'custom', from, to }
  }
  const days = Number(params.get('days'))
  const preset = PRESETS.find((p) => p === days) ?? DEFAULT_PRESET
  return presetRange(preset, today)
}

/** The address search of a range: the inverse of `readRange`. */
export function rangeSearch(range: Pick<Range, 'kind' | 'from' | 'to'>): URLSearchParams {
  return range.kind === 'custom'
    ? new URLSearchParams({ from: range.from, to: range.to })
    : new URLSearchParams({ days: String(range.kind) })
}

/** Every day of a range, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const n = Math.max(0, daysBetween(from, to))
  return Array.from({ length: n }, (_, i) => addDays(from, i))
}

/** 'Last 30 days' or 'Nov 1 – 20, 2026' (en-US): the range as a heading says it, as the reader writes dates. */
export function rangeLabel(range: Range, reader: Reader): string {
  if (range.kind !== 'custom') return `Last ${range.kind} days`
  return formatDayRange(range.from, range.to, 'date', reader)
}
