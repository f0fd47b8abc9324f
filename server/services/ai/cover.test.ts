import sharp from 'sharp'
import { expect, test } from 'vitest'
import { COVER_HEIGHT, COVER_SAFE, COVER_WIDTH, coverSvg, renderCover } from '#server/services/ai/cover.ts'

/** The box around the picture's near-white pixels (the brand mark; the art's shapes are only tints). */
async function whiteBox(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  let [left, top, right, bottom, count] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1, 0]
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels
      if ((data[i] ?? 0) > 235 && (data[i + 1] ?? 0) > 235 && (data[i + 2] ?? 0) > 235) {
        count++
        left = Math.min(left, x)
        right = Math.max(right, x)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
      }
    }
  }
  return { left, top, right, bottom, count }
}

const TITLE = 'Rewarded Video in 2027: Why Gen Z Watches Every Second'

test('the branded cover is a 1600×900 WebP whose mark sits wholly inside the centred square every card keeps', async () => {
  const bytes = await renderCover({ title: TITLE })
  const meta = await sharp(bytes).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT])
  const box = await whiteBox(bytes)
  expect(box.count).toBeGreaterThan(5_000)
  expect(box.left).toBeGreaterThanOrEqual(COVER_SAFE.left)
  expect(box.right).toBeLessThan(COVER_SAFE.left + COVER_SAFE.width)
  expect(box.top).toBeGreaterThanOrEqual(COVER_SAFE.top)
  expect(box.bottom).toBeLessThan(COVER_SAFE.top + COVER_SAFE.height)
})

test('the cover sets no type: the title is never drawn (the page shows it in HTML beside the picture)', () => {
  for (const title of [TITLE, 'Café crème', '日本語のタイトル', '<b>&amp;</b>']) {
    const svg = coverSvg(title)
    expect(svg).not.toMatch(/<text|<tspan|font-family/)
    expect(svg).not.toContain(title)
  }
})

test('each title gets its own art, and the same title always the same picture', async () => {
  const a = await renderCover({ title: TITLE })
  const again = await renderCover({ title: `  ${TITLE} ` })
  const other = await renderCover({ title: 'How Brands Measure Rewarded Video Lift' })
  expect(Buffer.compare(a, again)).toBe(0)
  expect(Buffer.compare(a, other)).not.toBe(0)
  expect(coverSvg('One')).not.toBe(coverSvg('Two'))
})
