import { describe, expect, test } from 'vitest'
import { type Click, referrerHost, repeatsWithinBatch, UNIQUE_WINDOW_MS } from '#server/services/clicks.ts'

const t0 = new Date('2026-11-21T14:00:00Z').getTime()
const click = (minutes: number, overrides: Partial<Click> = {}): Click => ({
  xPostId: 1,
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 Firefox/140.0',
  referrer: null,
  clickedAt: new Date(t0 + minutes * 60_000),
  bot: false,
  ...overrides,
})

describe('referrerHost', () => {
  test('keeps the host name, lowercased, without port or path', () => {
    expect(referrerHost('https://T.co/AbC?x=1')).toBe('t.co')
    expect(referrerHost('http://news.example.com:8080/a/b')).toBe('news.example.com')
  })
  test('no referrer or an unparseable one is direct (null)', () => {
    expect(referrerHost(null)).toBeNull()
    expect(referrerHost('')).toBeNull()
    expect(referrerHost('not a url')).toBeNull()
  })
})

describe('repeatsWithinBatch', () => {
  test('a repeat from the same IP and user agent within 30 minutes is marked, later ones are not', () => {
    expect(UNIQUE_WINDOW_MS).toBe(30 * 60_000)
    const batch = [click(0), click(29), click(58), click(89)]
    // 29 is within 30 of 0; 58 within 30 of 29 (the window slides); 89 is 31 after 58.
    expect(repeatsWithinBatch(batch)).toEqual([false, true, true, false])
  })

  test('exactly 30 minutes later is a new unique click', () => {
    expect(repeatsWithinBatch([click(0), click(30)])).toEqual([false, false])
  })

  test('another IP, another user agent or another X post is not a repeat', () => {
    const batch = [
      click(0),
      click(1, { ipAddress: '203.0.113.8' }),
      click(2, { userAgent: 'Mozilla/5.0 Chrome/140.0' }),
      click(3, { xPostId: 2 }),
      click(4, { userAgent: null }),
      click(5, { userAgent: null }),
    ]
    expect(repeatsWithinBatch(batch)).toEqual([false, false, false, false, false, true])
  })

  test('the batch order does not matter, the click times do', () => {
    expect(repeatsWithinBatch([click(10), click(0)])).toEqual([true, false])
  })
})
