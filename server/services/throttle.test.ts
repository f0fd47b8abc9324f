import { describe, expect, test } from 'vitest'
import { MemoryThrottle } from '#server/services/throttle.ts'

const MINUTE = 60 * 1000
const t0 = new Date('2030-03-01T10:00:00Z')
const at = (ms: number) => new Date(t0.getTime() + ms)

describe('MemoryThrottle', () => {
  test('hit counts within a window and starts again at 1 once the window has passed', async () => {
    const throttle = new MemoryThrottle()
    expect(await throttle.hit('k', 15 * MINUTE, t0)).toEqual({ count: 1, resetAt: at(15 * MINUTE) })
    expect(await throttle.hit('k', 15 * MINUTE, at(5 * MINUTE))).toEqual({ count: 2, resetAt: at(15 * MINUTE) })
    expect(await throttle.hit('k', 15 * MINUTE, at(15 * MINUTE - 1))).toMatchObject({ count: 3 })
    expect(await throttle.hit('k', 15 * MINUTE, at(15 * MINUTE))).toEqual({ count: 1, resetAt: at(30 * MINUTE) })
    expect(await throttle.hit('k', 15 * MINUTE, at(16 * MINUTE))).toEqual({ count: 2, resetAt: at(30 * MINUTE) })
  })

  test('keys are counted separately', async () => {
    const throttle = new MemoryThrottle()
    await throttle.hit('a', MINUTE, t0)
    await throttle.hit('a', MINUTE, t0)
    expect((await throttle.hit('b', MINUTE, t0)).count).toBe(1)
    expect((await throttle.hit('a', MINUTE, t0)).count).toBe(3)
  })

  test('a lock-out ends at its time, and failures below the threshold never lock', async () => {
    const throttle = new MemoryThrottle()
    for (let i = 0; i < 2; i++) expect(await throttle.fail('k', 3, 10 * MINUTE, t0)).toBeNull()
    expect(await throttle.lockedUntil('k', t0)).toBeNull()
    expect(await throttle.fail('k', 3, 10 * MINUTE, t0)).toEqual(at(10 * MINUTE))
    expect(await throttle.lockedUntil('k', at(10 * MINUTE - 1))).toEqual(at(10 * MINUTE))
    expect(await throttle.lockedUntil('k', at(10 * MINUTE))).toBeNull()
    expect(await throttle.lockedUntil('unknown-key', t0)).toBeNull()
  })

  test('clear forgets hits, failures and lock-outs', async () => {
    const throttle = new MemoryThrottle()
    await throttle.hit('k', MINUTE, t0)
    for (let i = 0; i < 3; i++) await throttle.fail('k', 3, MINUTE, t0)
    await throttle.clear('k')
    expect(await throttle.lockedUntil('k', t0)).toBeNull()
    expect((await throttle.hit('k', MINUTE, t0)).count).toBe(1)
  })

  test('prune drops entries last counted over a day ago, and keeps a key that is still locked', async () => {
    const throttle = new MemoryThrottle()
    const HOUR = 60 * MINUTE
    // A 48-hour window would still be counting at hour 25: only pruning restarts it at 1.
    await throttle.hit('old', 48 * HOUR, t0)
    await throttle.hit('recent', 48 * HOUR, at(23 * HOUR))
    await throttle.hit('locked', 48 * HOUR, t0)
    expect(await throttle.fail('locked', 1, 24 * HOUR, at(23 * HOUR))).toEqual(at(47 * HOUR))

    await throttle.prune(at(25 * HOUR))
    expect((await throttle.hit('old', 48 * HOUR, at(25 * HOUR))).count).toBe(1)
    expect((await throttle.hit('recent', 48 * HOUR, at(25 * HOUR))).count).toBe(2)
    expect(await throttle.lockedUntil('locked', at(25 * HOUR))).toEqual(at(47 * HOUR))
  })
})
