// Display helpers public pages need in the browser, kept apart from text-rules.ts, whose slug code
// pulls in @sindresorhus/slugify and its transliteration tables (~8 KB gzipped): public pages import
// this module only (docs/decisions/037-public-page-script-budget.md). text-rules.ts re-exports it.

/** 'market-trends' → 'Market Trends' (docs/product.md §2: hyphens to spaces, words capitalised). */
export function categoryLabel(category: string | null | undefined, fallback = 'Article'): string {
  const words = (category ?? '').split('-').filter((w) => w.trim() !== '')
  if (words.length === 0) return fallback
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')
}

const MINUTES_IN_DAY = 1440
const MINUTES_IN_MONTH = 43200

const plural = (n: number, one: string, other: string) => (n === 1 ? one : other.replace('#', String(n)))

/** Whole calendar months from `earlier` to `later` (later ≥ earlier), as date-fns' differenceInMonths. */
function monthsBetween(later: Date, earlier: Date): number {
  const difference = Math.abs(
    (later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth()),
  )
  if (difference < 1) return 0
  const working = new Date(later.getTime())
  if (working.getMonth() === 1 && working.getDate() > 27) working.setDate(30)
  working.setMonth(working.getMonth() - difference)
  let lastMonthNotFull = working.getTime() < earlier.getTime()
  const lastDay = new Date(later.getFullYear(), later.getMonth() + 1, 0).getDate()
  if (later.getDate() === lastDay && difference === 1 && later.getTime() > earlier.getTime()) lastMonthNotFull = false
  return difference - (lastMonthNotFull ? 1 : 0)
}

/** The words of date-fns' formatDistance (en-US, no seconds) between two dates, without a suffix. */
function distanceWords(a: Date, b: Date): string {
  const [earlier, later] = a.getTime() <= b.getTime() ? [a, b] : [b, a]
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000)
  // Both dates' UTC offsets (a summer time change between them does not count).
  const offsetInSeconds = (later.getTimezoneOffset() - earlier.getTimezoneOffset()) * 60
  const minutes = Math.round((seconds - offsetInSeconds) / 60)
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : plural(minutes, '1 minute', '# minutes')
  if (minutes < 45) return `${minutes} minutes`
  if (minutes < 90) return 'about 1 hour'
  if (minutes < MINUTES_IN_DAY) return plural(Math.round(minutes / 60), 'about 1 hour', 'about # hours')
  if (minutes < 2520) return '1 day'
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), '1 day', '# days')
  if (minutes < MINUTES_IN_MONTH * 2)
    return plural(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about # months')
  const months = monthsBetween(later, earlier)
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '# months')
  const rest = months % 12
  const years = Math.trunc(months / 12)
  if (rest < 3) return plural(years, 'about 1 year', 'about # years')
  if (rest < 9) return plural(years, 'over 1 year', 'over # years')
  return plural(years + 1, 'almost 1 year', 'almost # years')
}

/**
 * 'about 1 hour ago' style (docs/product.md §2), worded as date-fns' formatDistanceToNow with a suffix (a unit
 * test compares the two). `missing` is shown when there is no date, 'Invalid date' when it cannot
 * be parsed.
 */
export function relativeTime(value: string | Date | null | undefined, missing = 'Unknown', now = new Date()): string {
  if (value === null || value === undefined || value === '') return missing
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid date'
  const words = distanceWords(date, now)
  return date.getTime() > now.getTime() ? `in ${words}` : `${words} ago`
}

/** docs/product.md §2 (landing cards): a long US date, e.g. 'November 21, 2026'. */
export function longUsDate(value: string | Date | null | undefined): string {
  if (!value) return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}
