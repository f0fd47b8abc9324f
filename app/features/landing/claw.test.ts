import { describe, expect, test } from 'vitest'
import { CLAW_GRAB_MS, CLAW_REST, clawPosition } from '#app/features/landing/claw.ts'

const box = { left: 100, top: 50, width: 300 }

describe('claw machine', () => {
  test('follows the pointer inside the limits', () => {
    expect(clawPosition({ x: 250, y: 110 }, box)).toEqual({ x: 0, y: 60 })
    expect(clawPosition({ x: 300, y: 150 }, box)).toEqual({ x: 50, y: 100 })
  })

  test('never leaves x -80..80 and y 10..120', () => {
    expect(clawPosition({ x: 0, y: 0 }, box)).toEqual({ x: -80, y: 10 })
    expect(clawPosition({ x: 1000, y: 1000 }, box)).toEqual({ x: 80, y: 120 })
  })

  test('rests at the top centre and grabs for 1 second', () => {
    expect(CLAW_REST).toEqual({ x: 0, y: 10 })
    expect(CLAW_GRAB_MS).toBe(1000)
  })
})
