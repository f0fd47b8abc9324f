import { describe, expect, test } from 'vitest'
import {
  dayKey,
  groupByDay,
  kindOf,
  moveDayKey,
  onDay,
  parseDayKey,
  rangeTitle,
  readCalendarSearch,
  readShown,
  shiftAnchor,
  visibleRange,
} from '#app/features/calendar/calendar-dates.ts'
import { localZone } from '#app/lib/dates.ts'

// Local dates throughout: the helpers work in the browser's time zone, whatever it is.
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d)

describe('visibleRange', () => {
  test('a month view shows whole weeks from the Monday before the 1st to the Sunday after the last day', () => {
    const range = visibleRange('month', day(2026, 12, 15))
    expect(dayKey(range.start)).toBe('2026-11-30')
    expect(dayKey(range.days.at(-1) as Date)).toBe('2027-01-03')
    expect(range.end).toEqual(day(2027, 1, 4))
    expect(range.days).toHaveLength(35)
    expect(range.days.every((d, i) => d.getDay() === [1, 2, 3, 4, 5, 6, 0][i % 7])).toBe(true)
  })

  test('a month that starts on a Monday starts on its 1st, and six-week months show 42 days', () => {
    expect(dayKey(visibleRange('month', day(2027, 2, 10)).start)).toBe('2027-02-01')
    expect(visibleRange('month', day(2026, 8, 1)).days).toHaveLength(42)
  })

  test('a week view shows Monday to Sunday around the day, also from a Sunday', () => {
    const range = visibleRange('week', day(2026, 12, 6))
    expect(range.days.map(dayKey)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ])
    expect(range.end).toEqual(day(2026, 12, 7))
  })
})

describe('rangeTitle', () => {
  // The reader's zone is this machine's: the calendar's days are local days.
  const gb = { locale: 'en-GB', zone: localZone() }
  const us = { locale: 'en-US', zone: localZone() }
  test('names the month, or the week with its first and last day, as the reader writes dates', () => {
    expect(rangeTitle('month', day(2026, 12, 15), gb)).toBe('December 2026')
    expect(rangeTitle('week', day(2026, 12, 2), gb)).toBe('30 Nov – 6 Dec 2026')
    expect(rangeTitle('week', day(2026, 12, 9), gb)).toBe('7 – 13 Dec 2026')
    expect(rangeTitle('week', day(2026, 12, 29), gb)).toBe('28 Dec 2026 – 3 Jan 2027')
    expect(rangeTitle('week', day(2026, 12, 2), us)).toBe('Nov 30 – Dec 6, 2026')
    expect(rangeTitle('week', day(2026, 12, 29), us)).toBe('Dec 28, 2026 – Jan 3, 2027')
  })
})

describe('shiftAnchor', () => {
  test('moves a month view by a month (from the 31st too) and a week view by seven days', () => {
    expect(dayKey(shiftAnchor('month', day(2027, 1, 31), 1))).toBe('2027-02-01')
    expect(dayKey(shiftAnchor('month', day(2027, 1, 31), -1))).toBe('2026-12-01')
    expect(dayKey(shiftAnchor('week', day(2026, 12, 30), 1))).toBe('2027-01-06')
  })
})

describe('readCalendarSearch', () => {
  test('reads the view and day from the address, and falls back to a month view of today', () => {
    const today = new Date(2026, 10, 25, 14, 30)
    expect(readCalendarSearch(new URLSearchParams('view=week&date=2027-03-04'), today)).toEqual({
      view: 'week',
      anchor: day(2027, 3, 4),
    })
    expect(readCalendarSearch(new URLSearchParams('view=year&date=2027-02-30'), today)).toEqual({
      view: 'month',
      anchor: day(2026, 11, 25),
    })
  })
})

describe('moveDayKey (keyboard moves of a picked-up item)', () => {
  test('left and right move a day, up and down a week, across months and years', () => {
    expect(moveDayKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01')
    expect(moveDayKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30')
    expect(moveDayKey('2026-12-29', 'ArrowDown')).toBe('2027-01-05')
    expect(moveDayKey('2026-12-03', 'ArrowUp')).toBe('2026-11-26')
  })

  test('any other key, or a day that is not a day, moves nothing', () => {
    expect(moveDayKey('2026-12-03', 'KeyA')).toBeNull()
    expect(moveDayKey('2026-12-03', 'Space')).toBeNull()
    expect(moveDayKey('not-a-day', 'ArrowRight')).toBeNull()
  })
})

describe('onDay', () => {
  test('keeps the local time of day on the new day', () => {
    const moved = onDay(new Date(2026, 11, 1, 9, 5, 0), '2026-12-08')
    expect(moved).toEqual(new Date(2026, 11, 8, 9, 5, 0))
    expect(onDay(new Date(2026, 11, 1, 23, 59), '2027-02-28')).toEqual(new Date(2027, 1, 28, 23, 59))
  })

  test('refuses a day that does not exist', () => {
    expect(onDay(new Date(), '2027-02-29')).toBeNull()
    expect(parseDayKey('2027-13-01')).toBeNull()
  })
})

describe('groupByDay', () => {
  test('groups items by the local day of their moment, keeping their order', () => {
    const items = [
      { id: 1, at: new Date(2026, 11, 1, 9).toISOString() },
      { id: 2, at: new Date(2026, 11, 1, 17).toISOString() },
      { id: 3, at: new Date(2026, 11, 2, 0, 30).toISOString() },
      { id: 4, at: 'garbage' },
    ]
    const groups = groupByDay(items)
    expect([...groups.keys()]).toEqual(['2026-12-01', '2026-12-02'])
    expect(groups.get('2026-12-01')?.map((i) => i.id)).toEqual([1, 2])
  })
})

describe('the Show filter (issue 29)', () => {
  test('every kind when absent or naming nothing known; else the ones named', () => {
    expect([...readShown(new URLSearchParams(''))]).toEqual(['post', 'x', 'linkedin', 'bluesky', 'mastodon', 'threads'])
    expect([...readShown(new URLSearchParams('show=myspace'))]).toHaveLength(6)
    expect([...readShown(new URLSearchParams('show=post,linkedin,orkut'))]).toEqual(['post', 'linkedin'])
  })
  test("an item's kind is 'post' or its network", () => {
    expect(kindOf({ type: 'post', channel: null })).toBe('post')
    expect(kindOf({ type: 'x-post', channel: 'bluesky' })).toBe('bluesky')
    expect(kindOf({ type: 'x-post', channel: null })).toBe('x')
  })
})
