import { describe, expect, test } from 'vitest'
import { isEmptyOverview, overviewSeries } from '#app/features/analytics/overview.ts'
import { customRangeProblem, daysOf, isDay, rangeLabel, rangeSearch, readRange } from '#app/features/analytics/range.ts'

const today = '2026-11-25'
const read = (search: string) => readRange(new URLSearchParams(search), today)

describe('readRange', () => {
  test('no range in the address is the last 30 days, today included', () => {
    expect(read('')).toEqual({ kind: 30, from: '2026-10-27', to: today })
  })

  test('days=7 and days=90 are the last 7 and 90 days', () => {
    expect(read('days=7')).toEqual({ kind: 7, from: '2026-11-19', to: today })
    expect(read('days=90')).toEqual({ kind: 90, from: '2026-08-28', to: today })
  })

  test('an unknown number of days falls back to 30', () => {
    expect(read('days=12').kind).toBe(30)
    expect(read('days=abc').kind).toBe(30)
  })

  test('from and to make a custom range, across a year', () => {
    expect(read('from=2025-12-20&to=2026-01-10')).toEqual({ kind: 'custom', from: '2025-12-20', to: '2026-01-10' })
  })

  test('an impossible custom range is ignored: reversed, not a day, or too long', () => {
    expect(read('from=2026-11-10&to=2026-11-01').kind).toBe(30)
    expect(read('from=2026-02-30&to=2026-03-02').kind).toBe(30)
    expect(read('from=2020-01-01&to=2026-01-01').kind).toBe(30)
    expect(read('from=2026-11-01').kind).toBe(30)
  })

  test('rangeSearch writes what readRange reads', () => {
    for (const search of ['days=7', 'days=90', 'from=2026-11-01&to=2026-11-20']) {
      expect(rangeSearch(read(search)).toString()).toBe(search)
    }
  })
})

test('a custom range says what is wrong with it', () => {
  expect(customRangeProblem('', '2026-11-01')).toBe('Enter a start date.')
  expect(customRangeProblem('2026-11-01', '')).toBe('Enter an end date.')
  expect(customRangeProblem('2026-11-02', '2026-11-01')).toBe('The end date must be on or after the start date.')
  expect(customRangeProblem('2024-01-01', '2026-01-01')).toBe('A range can span at most 731 days.')
  expect(customRangeProblem('2026-11-01', '2026-11-01')).toBeNull()
})

test('isDay accepts only real calendar days', () => {
  expect(isDay('2028-02-29')).toBe(true)
  expect(isDay('2026-02-29')).toBe(false)
  expect(isDay('2026-1-5')).toBe(false)
  expect(isDay(null)).toBe(false)
})

test('the range reads as a heading, as the reader writes dates, in UTC days whatever their zone', () => {
  const us = { locale: 'en-US', zone: 'Pacific/Honolulu' }
  const gb = { locale: 'en-GB', zone: 'Pacific/Kiritimati' }
  expect(rangeLabel(read('days=7'), us)).toBe('Last 7 days')
  expect(rangeLabel(read('from=2026-11-01&to=2026-11-20'), us)).toBe('Nov 1 – 20, 2026')
  expect(rangeLabel(read('from=2026-11-01&to=2026-11-20'), gb)).toBe('1 – 20 Nov 2026')
  expect(rangeLabel(read('from=2025-12-20&to=2026-01-10'), us)).toBe('Dec 20, 2025 – Jan 10, 2026')
  expect(rangeLabel(read('from=2025-12-20&to=2026-01-10'), gb)).toBe('20 Dec 2025 – 10 Jan 2026')
  expect(rangeLabel(read('from=2026-11-03&to=2026-11-03'), us)).toBe('Nov 3, 2026')
})

test('daysOf lists every day, across a month end', () => {
  expect(daysOf('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'])
})

test('the chart series holds every day of the range, a day the answer lacks counted as 0', () => {
  expect(
    overviewSeries({
      from: '2026-11-01',
      to: '2026-11-03',
      views: { total: 5, byDay: { '2026-11-01': 2, '2026-11-03': 3 } },
      visitorsByDay: { '2026-11-03': 2 },
    }),
  ).toEqual({ days: ['2026-11-01', '2026-11-02', '2026-11-03'], views: [2, 0, 3], visitors: [0, 0, 2] })
})

test('a range is empty only without views, leads and X post clicks', () => {
  const none = { views: { total: 0, byDay: {} }, leads: 0, subscribers: 0, xPosts: [] }
  expect(isEmptyOverview(none)).toBe(true)
  expect(isEmptyOverview({ ...none, leads: 1 })).toBe(false)
  expect(isEmptyOverview({ ...none, subscribers: 1 })).toBe(false)
  expect(isEmptyOverview({ ...none, views: { total: 1, byDay: {} } })).toBe(false)
  expect(
    isEmptyOverview({
      ...none,
      xPosts: [
        { id: 1, channel: 'x', postId: 1, postTitle: 't', text: 't', clicks: 2, views: 0, leads: 0, subscribers: 0 },
      ],
    }),
  ).toBe(false)
})
