import { describe, expect, test } from 'vitest'
import {
  createSecurityQuestion,
  isCorrectAnswer,
  LoginFormInput,
  OPERAND_MAX,
  OPERAND_MIN,
  questionText,
  type RandomSource,
} from '#common/security-question.ts'

/** A random source that returns the given values in turn. */
const sequence =
  (...values: number[]): RandomSource =>
  () => {
    const v = values.shift()
    if (v === undefined) throw new Error('sequence exhausted')
    return v
  }

/** A small deterministic generator (mulberry32), so the sweep below is repeatable. */
function seeded(seed: number): RandomSource {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('security question', () => {
  test('operands run from 1 to 20, the larger comes first and the answer is never below 0', () => {
    const random = seeded(42)
    const seen = new Set<number>()
    const operators = new Set<string>()
    for (let i = 0; i < 5000; i++) {
      const q = createSecurityQuestion(random)
      for (const n of [q.left, q.right]) {
        expect(Number.isInteger(n)).toBe(true)
        expect(n).toBeGreaterThanOrEqual(OPERAND_MIN)
        expect(n).toBeLessThanOrEqual(OPERAND_MAX)
        seen.add(n)
      }
      expect(q.left).toBeGreaterThanOrEqual(q.right)
      expect(q.answer).toBeGreaterThanOrEqual(0)
      expect(q.answer).toBe(q.operator === '+' ? q.left + q.right : q.left - q.right)
      operators.add(q.operator)
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect([...operators].sort()).toEqual(['+', '-'])
  })

  test('the extremes of the random source give 1 and 20', () => {
    expect(createSecurityQuestion(sequence(0, 0, 0))).toEqual({ left: 1, right: 1, operator: '+', answer: 2 })
    expect(createSecurityQuestion(sequence(0.999999, 0.999999, 0.9))).toEqual({
      left: 20,
      right: 20,
      operator: '-',
      answer: 0,
    })
  })

  test('the larger number is put first even when it is drawn second', () => {
    // 0.1 → 3, 0.7 → 15; 0.8 picks minus.
    const q = createSecurityQuestion(sequence(0.1, 0.7, 0.8))
    expect(q).toEqual({ left: 15, right: 3, operator: '-', answer: 12 })
    expect(questionText(q)).toBe('What is 15 \u2212 3?')
  })

  test('reads like "What is 14 + 3?" and checks the answer exactly', () => {
    const q = createSecurityQuestion(sequence(0.66, 0.1, 0.2))
    expect(questionText(q)).toBe('What is 14 + 3?')
    expect(isCorrectAnswer(q, 17)).toBe(true)
    expect(isCorrectAnswer(q, 16)).toBe(false)
  })
})

describe('login form schema', () => {
  const messages = (input: unknown) => {
    const result = LoginFormInput.safeParse(input)
    if (result.success) return {}
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  test('an empty form names all three required fields with the spec messages', () => {
    expect(messages({ username: '', password: '', mathAnswer: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
      mathAnswer: 'Math answer is required',
    })
  })

  test('missing fields get the same messages', () => {
    expect(messages({})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
      mathAnswer: 'Math answer is required',
    })
  })

  test('a username of only spaces is required', () => {
    expect(messages({ username: '   ', password: 'x', mathAnswer: '3' })).toEqual({
      username: 'Username is required',
    })
  })

  test('an answer below 0 or not a number is refused as required', () => {
    expect(messages({ username: 'a', password: 'b', mathAnswer: '-1' })).toEqual({
      mathAnswer: 'Math answer is required',
    })
    expect(messages({ username: 'a', password: 'b', mathAnswer: 'abc' })).toEqual({
      mathAnswer: 'Math answer is required',
    })
    expect(messages({ username: 'a', password: 'b', mathAnswer: '   ' })).toEqual({
      mathAnswer: 'Math answer is required',
    })
  })

  test('a filled form parses the answer text to a number', () => {
    expect(LoginFormInput.parse({ username: ' admin ', password: 'secret', mathAnswer: '17' })).toEqual({
      username: 'admin',
      password: 'secret',
      mathAnswer: 17,
    })
    expect(LoginFormInput.parse({ username: 'a', password: 'b', mathAnswer: 0 }).mathAnswer).toBe(0)
  })
})
