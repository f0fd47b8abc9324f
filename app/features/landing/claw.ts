/** docs/product.md §9: the claw stays within x −80..80 and y 10..120; a grab lasts 1 s. */
export const CLAW_X = { min: -80, max: 80 } as const
export const CLAW_Y = { min: 10, max: 120 } as const
export const CLAW_GRAB_MS = 1000
export const CLAW_REST = { x: 0, y: CLAW_Y.min } as const

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))

/**
 * Maps the pointer, relative to the machine's box, to a claw position: the box's centre is x 0,
 * its top is y 10, and the claw follows the pointer one to one within the limits.
 */
export function clawPosition(
  pointer: { x: number; y: number },
  box: { left: number; top: number; width: number },
): { x: number; y: number } {
  const x = pointer.x - (box.left + box.width / 2)
  const y = pointer.y - box.top
  return { x: Math.round(clamp(x, CLAW_X.min, CLAW_X.max)), y: Math.round(clamp(y, CLAW_Y.min, CLAW_Y.max)) }
}
