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

/** The browser's time zone, e.g. 'Europe/Berlin' ('UTC' when the runtime does not say). */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()
function partsFormat(zone: string) {
  let format = partsFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormats.set(zone, format)
  }
  return format
}

function zonedParts(at: Date, zone: string) {
  const parts: Record<string, string> = {}
  for (const p of partsFormat(zone).formatToParts(at)) parts[p.type] = p.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** How far `zone`'s clock is ahead of UTC at the moment `at`, in milliseconds. */
function zoneOffset(at: Date, zone: string): number {
  const p = zonedParts(at, zone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - (at.getTime() - at.getUTCMilliseconds())
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The wall-clock date and time of `at` in `zone`. */
export function toWallTime(at: Date, zone: string): WallTime {
  const p = zonedParts(at, zone)
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` }
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_PATTERN = /^(\d{2}):(\d{2})$/

/**
 * The moment a wall clock in `zone` shows `date` `time`; null when either is not a real date or
 * time. In a clock change's gap (02:30 on a spring-forward night) it is an hour later (03:30);
 * in the repeated hour of autumn, the first of the two.
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
  const guess = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(guess)
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null
  // The zone's offsets a day before and a day after: equal on most days; around a clock change
  // one of them is right. Of the moments that read as the asked time, the earlier wins (the
  // repeated hour of autumn); in the gap of spring, the offset before the change (an hour later).
  const DAY = 86_400_000
  const before = guess - zoneOffset(new Date(guess - DAY), zone)
  const after = guess - zoneOffset(new Date(guess + DAY), zone)
  const wanted = time.slice(0, 5)
  const shows = (ms: number) => {
    const w = toWallTime(new Date(ms), zone)
    return w.date === date && w.time === wanted
  }
  const matching = [before, after].filter(shows)
  return new Date(matching.length > 0 ? Math.min(...matching) : before)
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + days))
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}

/** 'Tue, 1 Dec 2026, 09:00': a scheduled moment on the admin's clock (add the zone's name beside it). */
export function formatScheduled(at: Date | string, zone: string): string {
  const moment = typeof at === 'string' ? new Date(at) : at
  if (Number.isNaN(moment.getTime())) return 'Unknown time'
  const parts: Record<string, string> = {}
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  for (const p of format.formatToParts(moment)) parts[p.type] = p.value
  // Some runtimes write 'Sept' for September in en-GB; the three-letter form reads the same everywhere.
  const month = (parts.month ?? '').slice(0, 3)
  return `${parts.weekday}, ${parts.day} ${month} ${parts.year}, ${parts.hour}:${parts.minute}`
}

/** 'Scheduled for Tue, 1 Dec 2026, 09:00 (Europe/Berlin)' without the leading words. */
export function scheduledLabel(at: Date | string, zone: string): string {
  return `${formatScheduled(at, zone)} (${zone})`
}

/**
 * The moment the time fields start at: the next whole hour at least `leadMinutes` from now, on the
 * admin's clock.
 */
export function suggestedWallTime(now: Date, zone: string, leadMinutes = 30): WallTime {
  const hour = 3_600_000
  const next = Math.ceil((now.getTime() + leadMinutes * 60_000) / hour) * hour
  return toWallTime(new Date(next), zone)
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
