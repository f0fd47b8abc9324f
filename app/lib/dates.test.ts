import { describe, expect, test } from 'vitest'
import { formatDate, formatDateRange, formatDay, type Reader, scheduledLabel } from '#app/lib/dates.ts'

const GB_BERLIN: Reader = { locale: 'en-GB', zone: 'Europe/Berlin' }
const US_NEW_YORK: Reader = { locale: 'en-US', zone: 'America/New_York' }
const DE_BERLIN: Reader = { locale: 'de-DE', zone: 'Europe/Berlin' }
const AT = '2026-11-28T08:00:00.000Z'

describe('formatDate: one style per kind of date, written as the reader writes it', () => {
  test('a moment: the weekday, the date and the time of the locale, on the reader’s clock', () => {
    expect(formatDate(AT, 'moment', GB_BERLIN)).toBe('Sat, 28 Nov 2026, 09:00')
    expect(formatDate(AT, 'moment', US_NEW_YORK)).toBe('Sat, Nov 28, 2026, 3:00 AM')
    expect(formatDate(AT, 'moment', DE_BERLIN)).toBe('Sa., 28. Nov. 2026, 09:00')
  })

  test('a 24-hour clock keeps two-digit hours; a 12-hour clock does not', () => {
    expect(formatDate(AT, 'time', GB_BERLIN)).toBe('09:00')
    expect(formatDate(AT, 'time', US_NEW_YORK)).toBe('3:00 AM')
  })

  test('days, months and long dates', () => {
    expect(formatDate(AT, 'date', GB_BERLIN)).toBe('28 Nov 2026')
    expect(formatDate(AT, 'date', US_NEW_YORK)).toBe('Nov 28, 2026')
    expect(formatDate(AT, 'dayMonth', GB_BERLIN)).toBe('28 Nov')
    expect(formatDate(AT, 'dayTime', GB_BERLIN)).toBe('28 Nov, 09:00')
    expect(formatDate(AT, 'dayTime', US_NEW_YORK)).toBe('Nov 28, 3:00 AM')
    expect(formatDate(AT, 'longDate', GB_BERLIN)).toBe('Saturday, 28 November 2026')
    expect(formatDate(AT, 'longDate', US_NEW_YORK)).toBe('Saturday, November 28, 2026')
    expect(formatDate(AT, 'monthYear', DE_BERLIN)).toBe('November 2026')
  })

  test('not a date → Unknown time', () => {
    expect(formatDate('nonsense', 'moment', GB_BERLIN)).toBe('Unknown time')
  })

  test('a range writes what the two ends share once', () => {
    const from = new Date('2026-11-30T12:00:00Z')
    const to = new Date('2026-12-06T12:00:00Z')
    expect(formatDateRange(from, to, 'date', GB_BERLIN)).toBe('30 Nov – 6 Dec 2026')
    expect(formatDateRange(from, to, 'date', US_NEW_YORK)).toBe('Nov 30 – Dec 6, 2026')
  })

  test('a calendar day of the API is that day in any zone', () => {
    expect(formatDay('2026-11-28', 'dayMonth', { locale: 'en-US', zone: 'Pacific/Honolulu' })).toBe('Nov 28')
    expect(formatDay('2026-11-28', 'date', { locale: 'en-GB', zone: 'Pacific/Kiritimati' })).toBe('28 Nov 2026')
  })

  test('a scheduled moment names its zone', () => {
    expect(scheduledLabel(AT, GB_BERLIN)).toBe('Sat, 28 Nov 2026, 09:00 (Europe/Berlin)')
  })
})
