import { describe, expect, test } from 'vitest'
import { clicksLabel, hourlyBars, referrerRows } from '#app/components/promotion/click-figures.ts'

describe('hourlyBars', () => {
  test('no clicks: no bars', () => {
    expect(hourlyBars({})).toEqual({ bars: [], max: 1, continuous: true, hiddenHours: 0 })
  })

  test('fills quiet hours between active ones with zero bars, in time order', () => {
    const series = hourlyBars({ '2026-11-21T16:00Z': 1, '2026-11-21T14:00Z': 3 })
    expect(series.bars.map((b) => [b.start.toISOString(), b.clicks])).toEqual([
      ['2026-11-21T14:00:00.000Z', 3],
      ['2026-11-21T15:00:00.000Z', 0],
      ['2026-11-21T16:00:00.000Z', 1],
    ])
    expect(series).toMatchObject({ max: 3, continuous: true, hiddenHours: 0 })
  })

  test('crosses midnight and month ends in UTC', () => {
    const series = hourlyBars({ '2026-11-30T23:00Z': 2, '2026-12-01T00:00Z': 5 })
    expect(series.bars.map((b) => b.start.toISOString())).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ])
    expect(series.max).toBe(5)
  })

  test('active hours spread wider than the chart: only the latest ones, no zero fill', () => {
    const clicks: Record<string, number> = {}
    for (let day = 1; day <= 30; day++) clicks[`2026-11-${String(day).padStart(2, '0')}T09:00Z`] = day
    const series = hourlyBars(clicks, 24)
    expect(series.bars).toHaveLength(24)
    expect(series.bars[0]?.start.toISOString()).toBe('2026-11-07T09:00:00.000Z')
    expect(series.bars.at(-1)?.start.toISOString()).toBe('2026-11-30T09:00:00.000Z')
    expect(series).toMatchObject({ max: 30, continuous: false, hiddenHours: 6 })
  })

  test('ignores keys that are not hours and zero counts', () => {
    const series = hourlyBars({ 'not a date': 4, '2026-11-21T14:00Z': 0, '2026-11-21T15:00Z': 2 })
    expect(series.bars.map((b) => [b.start.toISOString(), b.clicks])).toEqual([['2026-11-21T15:00:00.000Z', 2]])
  })
})

test('referrerRows: most clicks first, ties by name, direct spelled out', () => {
  expect(referrerRows({ direct: 2, 't.co': 5, 'a.example': 2 })).toEqual([
    { host: 't.co', label: 't.co', clicks: 5 },
    { host: 'a.example', label: 'a.example', clicks: 2 },
    { host: 'direct', label: 'Direct (no referrer)', clicks: 2 },
  ])
})

test('clicksLabel: singular, plural, thousands', () => {
  expect([clicksLabel(0), clicksLabel(1), clicksLabel(1204)]).toEqual(['0 clicks', '1 click', '1,204 clicks'])
})
