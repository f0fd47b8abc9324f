/** Pure display rules of the click analytics (no React, no DOM), unit-tested beside this file. */

const HOUR_MS = 3_600_000

/** The most bars the hourly chart draws; older hours are left out (the totals still count them). */
export const MAX_HOUR_BARS = 24

export interface HourBar {
  /** The UTC hour it stands for, e.g. 2026-11-21T14:00:00.000Z (written by #app/lib/dates.ts). */
  start: Date
  clicks: number
}

export interface HourlySeries {
  bars: HourBar[]
  /** The largest bar (at least 1, so an all-zero chart does not divide by zero). */
  max: number
  /** True when every hour between the first and the last bar is drawn, quiet hours as zero. */
  continuous: boolean
  /** Active hours not drawn because the chart holds MAX_HOUR_BARS at most. */
  hiddenHours: number
}

/**
 * The bars of the clicks-per-hour chart from the API's clicksByHour ('2026-11-21T14:00Z': 3).
 * Hours without clicks are absent from the API; when the active hours span at most `maxBars`
 * hours the gaps are drawn as zero bars so the time axis is even, otherwise only the latest
 * `maxBars` active hours are drawn.
 */
export function hourlyBars(clicksByHour: Record<string, number>, maxBars = MAX_HOUR_BARS): HourlySeries {
  const active = Object.entries(clicksByHour)
    .map(([key, clicks]) => ({ time: Date.parse(key), clicks }))
    .filter((h) => Number.isFinite(h.time) && h.clicks > 0)
    .sort((a, b) => a.time - b.time)
  const first = active[0]
  const last = active.at(-1)
  if (!first || !last) return { bars: [], max: 1, continuous: true, hiddenHours: 0 }
  const bar = (time: number, clicks: number): HourBar => ({ start: new Date(time), clicks })
  const span = Math.round((last.time - first.time) / HOUR_MS) + 1
  let bars: HourBar[]
  let continuous = true
  if (span <= maxBars) {
    const byTime = new Map(active.map((h) => [h.time, h.clicks]))
    bars = Array.from({ length: span }, (_, i) => {
      const time = first.time + i * HOUR_MS
      return bar(time, byTime.get(time) ?? 0)
    })
  } else {
    continuous = false
    bars = active.slice(-maxBars).map((h) => bar(h.time, h.clicks))
  }
  return {
    bars,
    max: Math.max(1, ...bars.map((b) => b.clicks)),
    continuous,
    hiddenHours: Math.max(0, active.length - maxBars),
  }
}

export interface ReferrerRow {
  host: string
  /** What the panel shows: the host, or 'Direct (no referrer)' for the API's 'direct'. */
  label: string
  clicks: number
}

/** The referrers, most clicks first (ties by name, so the order is stable). */
export function referrerRows(topReferrers: Record<string, number>): ReferrerRow[] {
  return Object.entries(topReferrers)
    .map(([host, clicks]) => ({ host, label: host === 'direct' ? 'Direct (no referrer)' : host, clicks }))
    .sort((a, b) => b.clicks - a.clicks || a.host.localeCompare(b.host))
}

/** '0 clicks', '1 click', '1,204 clicks'. */
export function clicksLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'click' : 'clicks'}`
}
