import { z } from 'zod'
import { LoginInput } from '#common/contract/admin.ts'

/** docs/product.md §5/§9: the operands of the login screen's security check run from 1 to 20. */
export const OPERAND_MIN = 1
export const OPERAND_MAX = 20

export type Operator = '+' | '-'

export interface SecurityQuestion {
  /** The larger operand: it always comes first, so a difference is never negative. */
  left: number
  right: number
  operator: Operator
  answer: number
}

/** A source of numbers in [0, 1), like Math.random; tests pass their own to pin the question. */
export type RandomSource = () => number

function operand(random: RandomSource): number {
  return OPERAND_MIN + Math.floor(random() * (OPERAND_MAX - OPERAND_MIN + 1))
}

/** Two random integers from 1 to 20, a random plus or minus, larger number first (answer ≥ 0). */
export function createSecurityQuestion(random: RandomSource = Math.random): SecurityQuestion {
  const a = operand(random)
  const b = operand(random)
  const operator: Operator = random() < 0.5 ? '+' : '-'
  const left = Math.max(a, b)
  const right = Math.min(a, b)
  return { left, right, operator, answer: operator === '+' ? left + right : left - right }
}

/** 'What is 14 + 3?' — a true minus sign, which screen readers read as "minus". */
export function questionText(q: SecurityQuestion): string {
  return `What is ${q.left} ${q.operator === '+' ? '+' : '\u2212'} ${q.right}?`
}

export function isCorrectAnswer(q: SecurityQuestion, answer: number): boolean {
  return answer === q.answer
}

const MATH_ANSWER_REQUIRED = 'Math answer is required'

/** An empty answer is treated as undefined (docs/product.md §5); text from the input becomes a number. */
function answerValue(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim())
  return value
}

/**
 * The login form (docs/product.md §3/§5): the API's username and password rules, plus the security check's
 * answer: a number, at least 0, every failure reading 'Math answer is required'.
 */
export const LoginFormInput = LoginInput.extend({
  mathAnswer: z.preprocess(answerValue, z.number({ error: MATH_ANSWER_REQUIRED }).min(0, MATH_ANSWER_REQUIRED)),
})
export type LoginFormValues = z.input<typeof LoginFormInput>
export type LoginFormData = z.output<typeof LoginFormInput>
