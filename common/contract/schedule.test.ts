import { describe, expect, test } from 'vitest'
import { CalendarQuery, PostScheduleInput, SCHEDULE_HORIZON_DAYS, scheduleProblem } from '#common/contract/schedule.ts'

const now = new Date('2026-11-25T12:00:00.000Z')
const DAY = 86_400_000

describe('scheduleProblem (issue 14)', () => {
  test.each([
    ['a second ahead', new Date(now.getTime() + 1_000), null],
    ['exactly two years ahead', new Date(now.getTime() + SCHEDULE_HORIZON_DAYS * DAY), null],
    ['now', now, 'Must be in the future'],
    ['a second ago', new Date(now.getTime() - 1_000), 'Must be in the future'],
    [
      'two years and a second',
      new Date(now.getTime() + SCHEDULE_HORIZON_DAYS * DAY + 1_000),
      'Must be within two years from now',
    ],
    ['an invalid date', new Date('nope'), 'Must be a date and time'],
  ])('%s → %s', (_name, at, expected) => {
    expect(scheduleProblem(at, now)).toBe(expected)
  })
})

describe('PostScheduleInput', () => {
  test('takes ISO 8601 with an offset or Z, and nothing without one', () => {
    expect(PostScheduleInput.parse({ publishAt: '2027-01-01T09:00:00+01:00' })).toEqual({
      publishAt: '2027-01-01T09:00:00+01:00',
      xPosts: 'move',
    })
    expect(PostScheduleInput.safeParse({ publishAt: '2027-01-01T09:00:00.000Z' }).success).toBe(true)
    expect(PostScheduleInput.safeParse({ publishAt: '2027-01-01T09:00:00' }).success).toBe(false)
    expect(PostScheduleInput.safeParse({ publishAt: '2027-01-01' }).success).toBe(false)
  })
})

describe('CalendarQuery', () => {
  test('dates are UTC midnights; moments keep their offset', () => {
    expect(CalendarQuery.parse({ from: '2026-12-01', to: '2026-12-08T00:00:00+01:00' })).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2026-12-07T23:00:00Z'),
    })
  })

  test.each([
    [{ from: '2026-12-08', to: '2026-12-01' }, 'Must be after from'],
    [{ from: '2026-12-01', to: '2026-12-01' }, 'Must be after from'],
    [{ from: '2026-01-01', to: '2027-02-06' }, 'Must be at most 400 days after from'],
  ])('%o is refused: %s', (query, message) => {
    const result = CalendarQuery.safeParse(query)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })

  test('400 days is the widest range', () => {
    expect(CalendarQuery.safeParse({ from: '2026-01-01', to: '2027-02-05' }).success).toBe(true)
  })
})
