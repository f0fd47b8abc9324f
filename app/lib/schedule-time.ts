import { TZDate } from '@date-fns/tz'
import { addDays as addCalendarDays, addHours, format, startOfHour } from 'date-fns'

/**
 * Issue 14: the admin picks a date and a time on their own clock (their browser's time zone); the
 * server keeps the moment in UTC. These helpers take the zone as an argument, so they mean the
 * same on any machine (and their tests do not depend on the machine's zone).
 */

/** A wall-clock date and time in some zone: 'YYYY-MM-DD' and 'HH:MM' (what date and time inputs hold). */
export interface WallTime {
  date: string
  time: string
}

/** The wall-clock date and time of `at` in `zone`. */
export function toWallTime(at: Date, zone: string): WallTime {
  const zoned = new TZDate(at.getTime(), zone)
  return { date: format(zoned, 'yyyy-MM-dd'), time: format(zoned, 'HH:mm') }
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_PATTERN = /^(\d{2}):(\d{2})$/

/**
 * The moment a wall clock in `zone` shows `date` `time`; null when either is not a real date or
 * time. Clock changes are resolved by @date-fns/tz: in the gap of spring (02:30 on a
 * spring-forward night) it is an hour later (03:30); in the repeated hour of autumn, the second
 * of the two (standard time).
 */
export function fromWallTime({ date, time }: WallTime, zone: string): Date | null {
  const d = DATE_PATTERN.exec(date)
  const t = TIME_PATTERN.exec(time.slice(0, 5))
  if (!d || !t) return null
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null
  // The date must exist (no 30 February): TZDate, like Date, would roll it over into March.
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null
  return new Date(new TZDate(year, month - 1, day, hour, minute, zone).getTime())
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return format(addCalendarDays(new TZDate(y, m - 1, d, 'UTC'), days), 'yyyy-MM-dd')
}

/**
 * The moment the time fields start at: the next whole hour of the admin's clock at least
 * `leadMinutes` from now (10:00 in Asia/Kolkata too, not 09:30 there because it is 04:00 in UTC).
 */
export function suggestedWallTime(now: Date, zone: string, leadMinutes = 30): WallTime {
  const earliest = new TZDate(now.getTime() + leadMinutes * 60_000, zone)
  const hour = startOfHour(earliest)
  return toWallTime(hour.getTime() === earliest.getTime() ? hour : addHours(hour, 1), zone)
}

export interface QuickSlot {
  /** The slot as configured, 'HH:MM'. */
  slot: string
  at: Date
  /** 'Today 13:00' or 'Tomorrow 09:00'. */
  label: string
  wall: WallTime
}

/** A slot needs this much time ahead to be offered for today (the request must reach the server first). */
export const SLOT_LEAD_MS = 60_000

/**
 * The next upcoming occurrence of each posting time ('HH:MM' on the admin's clock): today when it
 * is still at least a minute ahead, else tomorrow. Soonest first; times that are not 'HH:MM' are left out.
 */
export function nextSlots(slots: readonly string[], now: Date, zone: string): QuickSlot[] {
  const today = toWallTime(now, zone).date
  const tomorrow = addDays(today, 1)
  const seen = new Set<string>()
  const result: QuickSlot[] = []
  for (const raw of slots) {
    const slot = raw.trim()
    const m = TIME_PATTERN.exec(slot)
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || seen.has(slot)) continue
    seen.add(slot)
    const todayAt = fromWallTime({ date: today, time: slot }, zone)
    if (todayAt && todayAt.getTime() - now.getTime() >= SLOT_LEAD_MS) {
      result.push({ slot, at: todayAt, label: `Today ${slot}`, wall: { date: today, time: slot } })
      continue
    }
    const tomorrowAt = fromWallTime({ date: tomorrow, time: slot }, zone)
    if (tomorrowAt)
      result.push({ slot, at: tomorrowAt, label: `Tomorrow ${slot}`, wall: { date: tomorrow, time: slot } })
  }
  return result.sort((a, b) => a.at.getTime() - b.at.getTime())
}
