import { describe, expect, test } from 'vitest'
import { addDays, fromWallTime, nextSlots, suggestedWallTime, toWallTime } from '#app/lib/schedule-time.ts'

const BERLIN = 'Europe/Berlin'
const NEW_YORK = 'America/New_York'
const iso = (d: Date | null) => d?.toISOString() ?? null

describe('fromWallTime / toWallTime: the admin’s clock, stored in UTC', () => {
  test('a winter and a summer time in Berlin', () => {
    expect(iso(fromWallTime({ date: '2026-12-01', time: '09:00' }, BERLIN))).toBe('2026-12-01T08:00:00.000Z')
    expect(iso(fromWallTime({ date: '2026-07-01', time: '09:00' }, BERLIN))).toBe('2026-07-01T07:00:00.000Z')
    expect(iso(fromWallTime({ date: '2026-12-01', time: '09:00' }, NEW_YORK))).toBe('2026-12-01T14:00:00.000Z')
    expect(iso(fromWallTime({ date: '2026-12-01', time: '09:00' }, 'UTC'))).toBe('2026-12-01T09:00:00.000Z')
  })

  test('round trip: the moment reads back as the same date and time', () => {
    const at = fromWallTime({ date: '2027-02-28', time: '23:45' }, NEW_YORK)
    expect(toWallTime(at as Date, NEW_YORK)).toEqual({ date: '2027-02-28', time: '23:45' })
    expect(toWallTime(new Date('2026-12-31T23:30:00Z'), BERLIN)).toEqual({ date: '2027-01-01', time: '00:30' })
  })

  test('clock changes: the gap of spring moves an hour later, the repeated hour of autumn is its second', () => {
    // Berlin springs forward on 29 March 2026 at 02:00 → 03:00.
    expect(iso(fromWallTime({ date: '2026-03-29', time: '02:30' }, BERLIN))).toBe('2026-03-29T01:30:00.000Z')
    // …and falls back on 25 October 2026 at 03:00 → 02:00: 02:30 happens at 00:30Z and 01:30Z.
    // @date-fns/tz takes the second (02:30 standard time); the hand-written code took the first.
    // Either reads as 02:30 on the admin's clock, and the later one never posts early.
    expect(iso(fromWallTime({ date: '2026-10-25', time: '02:30' }, BERLIN))).toBe('2026-10-25T01:30:00.000Z')
  })

  test('not a date or not a time → null', () => {
    expect(fromWallTime({ date: '', time: '09:00' }, BERLIN)).toBeNull()
    expect(fromWallTime({ date: '2026-12-01', time: '' }, BERLIN)).toBeNull()
    expect(fromWallTime({ date: '2026-02-30', time: '09:00' }, BERLIN)).toBeNull()
    expect(fromWallTime({ date: '2026-12-01', time: '24:00' }, BERLIN)).toBeNull()
  })

  test('addDays crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })
})

describe('suggestedWallTime', () => {
  test('the next whole hour at least half an hour ahead', () => {
    expect(suggestedWallTime(new Date('2026-12-01T08:10:00Z'), BERLIN)).toEqual({ date: '2026-12-01', time: '10:00' })
    expect(suggestedWallTime(new Date('2026-12-01T22:20:00Z'), BERLIN)).toEqual({ date: '2026-12-02', time: '00:00' })
  })

  test('the whole hour of the admin’s clock, not of UTC, in a zone half an hour off', () => {
    // 03:10Z is 08:40 in Kolkata (UTC+05:30): half an hour on is 09:10 there, so 10:00, not 09:30.
    expect(suggestedWallTime(new Date('2026-12-01T03:10:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-12-01',
      time: '10:00',
    })
    // Exactly on the hour stays there: 03:30Z + 30 minutes is 10:00 in Kolkata.
    expect(suggestedWallTime(new Date('2026-12-01T03:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-12-01',
      time: '10:00',
    })
  })
})

describe('nextSlots: the next upcoming occurrence of each posting time', () => {
  const slots = ['09:00', '13:00', '17:30']

  test('later today when still ahead, else tomorrow; soonest first', () => {
    // 11:20 in Berlin.
    const now = new Date('2026-12-01T10:20:00Z')
    expect(nextSlots(slots, now, BERLIN).map((s) => [s.label, s.at.toISOString()])).toEqual([
      ['Today 13:00', '2026-12-01T12:00:00.000Z'],
      ['Today 17:30', '2026-12-01T16:30:00.000Z'],
      ['Tomorrow 09:00', '2026-12-02T08:00:00.000Z'],
    ])
  })

  test('the same moment is a different day on another clock', () => {
    // 00:30 UTC on 2 Dec is 19:30 on 1 Dec in New York: every slot is tomorrow there (2 Dec).
    const now = new Date('2026-12-02T00:30:00Z')
    expect(nextSlots(slots, now, NEW_YORK).map((s) => [s.label, s.wall.date])).toEqual([
      ['Tomorrow 09:00', '2026-12-02'],
      ['Tomorrow 13:00', '2026-12-02'],
      ['Tomorrow 17:30', '2026-12-02'],
    ])
    expect(nextSlots(slots, now, BERLIN).map((s) => s.label)).toEqual(['Today 09:00', 'Today 13:00', 'Today 17:30'])
  })

  test('a slot less than a minute ahead moves to tomorrow; bad and repeated entries are left out', () => {
    const now = new Date('2026-12-01T11:59:30Z') // 12:59:30 in Berlin
    expect(nextSlots(['13:00', 'noon', '25:00', '13:00', ' 17:30 '], now, BERLIN).map((s) => s.label)).toEqual([
      'Today 17:30',
      'Tomorrow 13:00',
    ])
    expect(nextSlots([], now, BERLIN)).toEqual([])
  })
})
