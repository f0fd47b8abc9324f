import { formatDistanceToNow } from 'date-fns'
import { describe, expect, test } from 'vitest'
import { relativeTime } from '#common/display-text.ts'

// relativeTime no longer calls date-fns (public pages would carry ~7 KB of it): its wording must
// still be date-fns' formatDistanceToNow with a suffix, for past and future dates of every range.
describe('relativeTime words dates as date-fns does', () => {
  const now = new Date('2026-11-25T10:00:00Z')
  const minute = 60_000
  const offsets = [
    0,
    10_000,
    29_000,
    31_000,
    89_000,
    91_000,
    2 * minute,
    44 * minute,
    45 * minute,
    89 * minute,
    90 * minute,
    23 * 60 * minute,
    1439 * minute,
    1441 * minute,
    2519 * minute,
    2521 * minute,
    29 * 1440 * minute,
    30 * 1440 * minute,
    59 * 1440 * minute,
    60 * 1440 * minute,
    200 * 1440 * minute,
    364 * 1440 * minute,
    366 * 1440 * minute,
    500 * 1440 * minute,
    700 * 1440 * minute,
    1000 * 1440 * minute,
    3000 * 1440 * minute,
  ]
  // A spread of odd offsets as well, from seconds to a decade.
  for (let i = 1; i < 400; i++) offsets.push(Math.round(1.047 ** i * 1000))

  test.each([1, -1])('direction %i', (sign) => {
    for (const offset of offsets) {
      const date = new Date(now.getTime() + sign * offset)
      const shifted = new Date(date.getTime() + (Date.now() - now.getTime()))
      expect(relativeTime(date, 'Unknown', now), `offset ${sign * offset} ms`).toBe(
        formatDistanceToNow(shifted, { addSuffix: true }),
      )
    }
  })

  test('month ends and leap days', () => {
    for (const [from, to] of [
      ['2024-01-31T12:00:00Z', '2025-02-28T12:00:00Z'],
      ['2024-02-29T12:00:00Z', '2025-03-01T12:00:00Z'],
      ['2025-03-31T00:00:00Z', '2026-03-30T23:00:00Z'],
      ['2023-11-30T10:00:00Z', '2026-11-25T10:00:00Z'],
    ] as const) {
      const at = new Date(to)
      const shifted = new Date(new Date(from).getTime() + (Date.now() - at.getTime()))
      expect(relativeTime(from, 'Unknown', at)).toBe(formatDistanceToNow(shifted, { addSuffix: true }))
    }
  })

  test('missing and invalid dates', () => {
    expect(relativeTime(null, 'Recently')).toBe('Recently')
    expect(relativeTime('not a date')).toBe('Invalid date')
  })
})
