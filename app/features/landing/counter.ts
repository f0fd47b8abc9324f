/** docs/product.md §9: a counter climbs by value/100 every 20 ms, so it reaches its value in 100 steps. */
export const COUNTER_TICK_MS = 20
export const COUNTER_STEPS = 100

export interface Stat {
  /** The first number of a range ("6-12%"); animated like the value. */
  from?: number
  value: number
  suffix: string
  label: string
}

/** The six marketing figures of docs/product.md §1, in order. */
export const STATS: readonly Stat[] = [
  { value: 84, suffix: '%', label: 'of Gen Z prefer brands that offer value' },
  { value: 90, suffix: '%+', label: 'video completion' },
  { value: 139, suffix: '%', label: 'year-on-year growth in rewarded ads' },
  { from: 6, value: 12, suffix: '%', label: 'viewer-to-claim conversion' },
  { value: 20, suffix: 'x', label: 'more engagement than interstitials' },
  { value: 87, suffix: '%', label: 'user approval' },
]

/**
 * The value after `tick` ticks: a hundredth of the target per tick, never past it. Counted in
 * ticks rather than summed, so float rounding can never stop a counter just short of its value.
 */
export function counterAt(tick: number, target: number): number {
  return Math.min(target, (target * Math.max(0, tick)) / COUNTER_STEPS)
}

/** What a counter shows at `progress` (0..1, i.e. tick/100) of the way to its value. */
export function formatStat(stat: Stat, progress: number): string {
  const p = Math.min(1, Math.max(0, progress))
  const shown = (n: number) => (p >= 1 ? n : Math.floor(n * p))
  const head = stat.from === undefined ? '' : `${shown(stat.from)}-`
  return `${head}${shown(stat.value)}${stat.suffix}`
}
