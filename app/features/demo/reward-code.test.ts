import { describe, expect, test } from 'vitest'
import { demoRewardCode } from '#app/features/demo/reward-code.ts'

describe('demo reward code', () => {
  test('is a 20% Nova Kicks code with four unambiguous characters', () => {
    expect(demoRewardCode('Ada', 'ada@example.com')).toMatch(/^NOVA-20-[A-HJ-NP-Z2-9]{4}$/)
  })

  test('is the same for the same viewer whatever the case and spacing', () => {
    expect(demoRewardCode(' Ada ', 'ADA@example.com')).toBe(demoRewardCode('ada', 'ada@example.com'))
  })

  test('differs between viewers', () => {
    expect(demoRewardCode('Ada', 'ada@example.com')).not.toBe(demoRewardCode('Grace', 'grace@example.com'))
  })
})
