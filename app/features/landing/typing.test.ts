import { describe, expect, test } from 'vitest'
import {
  DELETE_MS,
  HERO_WORDS,
  HOLD_MS,
  initialTyping,
  nextTyping,
  TYPE_MS,
  type TypingState,
  typedText,
  typingDelay,
} from '#app/features/landing/typing.ts'

/** Runs the machine for `ms` of simulated time and returns the text shown at that moment. */
function textAfter(ms: number) {
  let state: TypingState = initialTyping
  let elapsed = 0
  while (elapsed + typingDelay(state) <= ms) {
    elapsed += typingDelay(state)
    state = nextTyping(state, HERO_WORDS)
  }
  return typedText(state, HERO_WORDS)
}

describe('hero typing sequence', () => {
  test('uses the three words of the spec and its timings', () => {
    expect(HERO_WORDS).toEqual(['Engage.', 'Reward.', 'Convert.'])
    expect([TYPE_MS, DELETE_MS, HOLD_MS]).toEqual([100, 50, 2000])
  })

  test('types one letter every 100 ms', () => {
    expect(textAfter(0)).toBe('')
    expect(textAfter(100)).toBe('E')
    expect(textAfter(350)).toBe('Eng')
    expect(textAfter(700)).toBe('Engage.')
  })

  test('holds the full word for 2 seconds, then deletes one letter every 50 ms', () => {
    expect(textAfter(700 + 1999)).toBe('Engage.')
    expect(textAfter(700 + 2000)).toBe('Engage.')
    expect(textAfter(700 + 2000 + 50)).toBe('Engage')
    expect(textAfter(700 + 2000 + 150)).toBe('Enga')
  })

  test('moves to the next word once the current one is deleted, and cycles back to the first', () => {
    const engage = 700 + 2000 + 7 * 50
    expect(textAfter(engage + 700)).toBe('Reward.')
    const reward = 700 + 2000 + 7 * 50
    const convert = 800 + 2000 + 8 * 50
    expect(textAfter(engage + reward + 800)).toBe('Convert.')
    expect(textAfter(engage + reward + convert + 700)).toBe('Engage.')
  })
})
