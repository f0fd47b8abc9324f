import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { DailySeries } from '#app/features/analytics/overview.ts'
import { formatDate, type Reader, useReader } from '#app/lib/dates.ts'

export const CHART_HEIGHT = 240
const VIEWS = '#7c3aed'
const VISITORS = '#0284c7'
const INK = '#64748b'
const GRID = '#e2e8f0'

const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC')
/** 'Nov 24' (en-US), '24 Nov' (en-GB): a UTC day as the reader writes it. */
const dayLabel = (ts: number, reader: Reader) => formatDate(ts * 1000, 'dayMonth', { ...reader, zone: 'UTC' })
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 365].map((d) => d * 86_400)

/**
 * The legend's value of a series: the hovered day's, else the latest day's (issue 27 §14: it read
 * 'Day: Views: -- Visitors: --' while nothing was hovered).
 */
function legendValue(u: uPlot, seriesIdx: number, dataIdx: number | null | undefined): number | null {
  const column = u.data[seriesIdx] ?? []
  return column[dataIdx ?? column.length - 1] ?? null
}

function options(width: number, days: number, reader: Reader): uPlot.Options {
  // Dots on each day only while there is room between them (a month on a phone is a line).
  const dots = width / Math.max(1, days) >= 18
  const axis = { stroke: INK, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } }
  const dayOrBlank = (ts: number | null) => (ts == null ? '' : dayLabel(ts, reader))
  const count = (u: uPlot, _v: number | null, s: number, i: number | null) => {
    const v = legendValue(u, s, i)
    return v == null ? '' : v.toLocaleString('en-US')
  }
  return {
    width,
    height: CHART_HEIGHT,
    tzDate: utc,
    scales: {
      x: { time: true },
      // Counts start at zero and leave headroom, so one visit never fills the chart.
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    series: [
      { label: 'Day', value: (u, _ts, s, i) => dayOrBlank(legendValue(u, s, i)) },
      {
        label: 'Views',
        value: count,
        stroke: VIEWS,
        width: 2,
        fill: 'rgba(124, 58, 237, 0.08)',
        points: { show: dots },
      },
      { label: 'Visitors', value: count, stroke: VISITORS, width: 2, dash: [6, 4], points: { show: dots } },
    ],
    axes: [
      // Whole days only ('Nov 24'): the figures are per day, an hour between them means nothing.
      { ...axis, space: 64, incrs: DAY_STEPS, values: (_u, splits) => splits.map((ts) => dayLabel(ts, reader)) },
      {
        ...axis,
        size: 48,
        // Only whole counts: a visit is never split.
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('en-US') : '')),
      },
    ],
    cursor: { drag: { x: false, y: false } },
  }
}

/**
 * The views and visitors of each day as lines, drawn by uPlot (about 50 kB, loaded only by the
 * analytics screen). It follows its container's width and draws without animation.
 */
export default function UplotChart({ days, views, visitors }: DailySeries) {
  const box = useRef<HTMLDivElement>(null)
  const reader = useReader()

  useEffect(() => {
    const el = box.current
    if (!el) return
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    const plot = new uPlot(options(el.clientWidth, days.length, reader), [xs, views, visitors], el)
    const resize = new ResizeObserver(() => {
      if (el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: CHART_HEIGHT })
    })
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [days, views, visitors, reader])

  return <div ref={box} className="w-full min-w-0 text-slate-600 [&_.u-legend]:text-sm" />
}
