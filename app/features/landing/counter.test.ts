import { describe, expect, test } from 'vitest'
import { COUNTER_STEPS, COUNTER_TICK_MS, counterAt, formatStat, STATS } from '#app/features/landing/counter.ts'

describe('stat counters', () => {
  test('show the six figures of the spec when finished', () => {
    expect(STATS.map((s) => formatStat(s, 1))).toEqual(['84%', '90%+', '139%', '6-12%', '20x', '87%'])
  })

  test('climb by value/100 every 20 ms and stop exactly on the value after 100 ticks', () => {
    expect(COUNTER_TICK_MS).toBe(20)
    expect(counterAt(1, 139)).toBeCloseTo(1.39)
    expect(counterAt(50, 139)).toBeCloseTo(69.5)
    expect(counterAt(COUNTER_STEPS, 139)).toBe(139)
    expect(counterAt(COUNTER_STEPS + 5, 139)).toBe(139)
  })

  test('show whole numbers on the way up, both ends of a range included', () => {
    const range = STATS[3]!
    expect(formatStat(range, 0)).toBe('0-0%')
    expect(formatStat(range, 0.5)).toBe('3-6%')
    expect(formatStat(STATS[0]!, 0.5)).toBe('42%')
  })
})
