import type { Locator, Page } from '@playwright/test'

/** A day on the calendar: its 'yyyy-MM-dd' key and its 10:00, both in the browser's time zone. */
export interface Slot {
  /** The Wednesday at least two weeks ahead, 'yyyy-MM-dd' in the browser's zone. */
  day: string
  /** That day at 10:00 in the browser's zone, as ISO 8601. */
  at: string
}

/** The Wednesday at 10:00 on the browser's clock at least two weeks ahead (clear of today's week). */
export async function wednesdayTen(page: Page): Promise<Slot> {
  return page.evaluate(() => {
    const d = new Date()
    d.setDate(d.getDate() + 14 + ((3 - d.getDay() + 7) % 7))
    d.setHours(10, 0, 0, 0)
    const pad = (n: number) => String(n).padStart(2, '0')
    return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, at: d.toISOString() }
  })
}

/** Drags `from` onto `to` with the mouse, the way dnd-kit's pointer sensor wants it. */
export async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded()
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('the item or its target day is not on screen')
  await page.mouse.move(a.x + a.width / 3, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 3 + 10, a.y + a.height / 2, { steps: 3 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 })
  await page.mouse.up()
}
