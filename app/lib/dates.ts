import { useSyncExternalStore } from 'react'

/**
 * Issue 27 §11: every date and time the app shows is written here, in the reader's locale and time
 * zone, so one screen never mixes 'Nov 27, 2026, 3:02 AM' with 'Sat, 28 Nov 2026, 09:00'. Only
 * the browser knows the reader: the server's HTML and the hydrating render use SERVER_READER, and
 * `useReader` switches to the browser's after hydration (no mismatch, one re-render).
 * No imports besides React: Intl does the work.
 */

export interface Reader {
  /** A BCP 47 tag: 'en-GB'. */
  locale: string
  /** An IANA zone: 'Europe/Berlin'. */
  zone: string
}

/** What the server's HTML is written for (it cannot know the reader). */
export const SERVER_READER: Reader = Object.freeze({ locale: 'en-US', zone: 'UTC' })

/** The browser's time zone, e.g. 'Europe/Berlin' ('UTC' when the runtime does not say). */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

function localLocale(): string {
  try {
    const wanted = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language]
    return new Intl.DateTimeFormat(wanted.filter(Boolean)).resolvedOptions().locale
  } catch {
    return SERVER_READER.locale
  }
}

let browser: Reader | null = null

/** The reader of this browser: its preferred language and its time zone (the same object until they change). */
export function browserReader(): Reader {
  browser ??= Object.freeze({ locale: localLocale(), zone: localZone() })
  return browser
}

function subscribe(onChange: () => void) {
  const changed = () => {
    browser = null
    onChange()
  }
  window.addEventListener('languagechange', changed)
  return () => window.removeEventListener('languagechange', changed)
}

/** The reader to write dates for: SERVER_READER in the server's HTML and while hydrating, the browser's after. */
export function useReader(): Reader {
  return useSyncExternalStore(subscribe, browserReader, () => SERVER_READER)
}

/**
 * The styles, by what they show (examples for en-GB, then en-US):
 * - moment: 'Sat, 28 Nov 2026, 09:00', 'Sat, Nov 28, 2026, 9:00 AM' — every date with a time.
 * - time: '09:00', '9:00 AM'.
 * - date: '28 Nov 2026', 'Nov 28, 2026'.
 * - dayMonth: '28 Nov', 'Nov 28'. day: '28'.
 * - dayTime: '28 Nov, 09:00', 'Nov 28, 9:00 AM'.
 * - longDate: 'Saturday, 28 November 2026', 'Saturday, November 28, 2026'.
 * - longDay: 'Saturday 28 November', 'Saturday, November 28'.
 * - monthYear: 'November 2026'. weekday: 'Sat'.
 */
export type DateStyle =
  | 'moment'
  | 'time'
  | 'date'
  | 'dayMonth'
  | 'dayTime'
  | 'day'
  | 'longDate'
  | 'longDay'
  | 'monthYear'
  | 'weekday'

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  moment: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  dayTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  day: { day: 'numeric' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  longDay: { weekday: 'long', day: 'numeric', month: 'long' },
  monthYear: { month: 'long', year: 'numeric' },
  weekday: { weekday: 'short' },
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(style: DateStyle, locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${style} ${locale} ${zone}`
  let format = formats.get(key)
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...STYLES[style], timeZone: zone }
    // A 24-hour clock writes hours with two digits (09:00), as the locale's own short time does;
    // Intl's 'numeric' hour alone would write 9:00.
    if (
      options.hour &&
      !/h1[12]/.test(new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle ?? '')
    )
      options.hour = '2-digit'
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at))

/** `at` written in `style` for `reader` ('Unknown time' when it is not a date). */
export function formatDate(at: Date | string | number, style: DateStyle, reader: Reader): string {
  const date = toDate(at)
  if (Number.isNaN(date.getTime())) return 'Unknown time'
  return formatter(style, reader.locale, reader.zone).format(date)
}

/** Two moments as one span, shared parts written once: '30 Nov – 6 Dec 2026', 'Nov 30 – Dec 6, 2026'. */
export function formatDateRange(from: Date, to: Date, style: DateStyle, reader: Reader): string {
  // Intl puts thin spaces around the dash; plain ones read (and match) like every other space.
  return formatter(style, reader.locale, reader.zone)
    .formatRange(from, to)
    .replace(/\u2009/g, ' ')
}

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`)
const inUtc = (reader: Reader): Reader => ({ locale: reader.locale, zone: 'UTC' })

/** A calendar day ('2026-11-28', as the analytics API names days) in `style`, whatever the reader's zone. */
export function formatDay(day: string, style: DateStyle, reader: Reader): string {
  return formatDate(utcMidnight(day), style, inUtc(reader))
}

/** Two calendar days as one span ('1–20 Nov 2026'); one day when they are the same. */
export function formatDayRange(from: string, to: string, style: DateStyle, reader: Reader): string {
  const [start, end] = [utcMidnight(from), utcMidnight(to)]
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'Unknown time'
  return formatDateRange(start, end, style, inUtc(reader))
}

/** 'Sat, 28 Nov 2026, 09:00 (Europe/Berlin)': a scheduled moment with the zone it is shown in. */
export function scheduledLabel(at: Date | string, reader: Reader): string {
  return `${formatDate(at, 'moment', reader)} (${reader.zone})`
}
