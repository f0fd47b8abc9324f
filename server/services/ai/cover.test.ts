import sharp from 'sharp'
import { expect, test } from 'vitest'
import { COVER_HEIGHT, COVER_WIDTH, fitTitle, renderCover } from '#server/services/ai/cover.ts'

test('the branded cover is a 1600×900 WebP with the title set in type', async () => {
  const title = 'Rewarded Video in 2027: Why Gen Z Watches Every Second'
  const bytes = await renderCover({
    title,
    brandName: 'VidQuest',
    tagline: 'Rewarded video that turns viewers into customers.',
  })
  const meta = await sharp(bytes).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT])
  // The title band (middle of the picture) holds white type over the gradient; a blank cover would not.
  const { data, info } = await sharp(bytes)
    .extract({ left: 112, top: 330, width: 1200, height: 240 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  let white = 0
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i] ?? 0) > 235 && (data[i + 1] ?? 0) > 235 && (data[i + 2] ?? 0) > 235) white++
  }
  expect(white).toBeGreaterThan(5_000)
  const blank = await renderCover({ title: ' ', brandName: 'VidQuest', tagline: '' })
  const { data: plain } = await sharp(blank)
    .extract({ left: 112, top: 330, width: 1200, height: 240 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  let plainWhite = 0
  for (let i = 0; i < plain.length; i += info.channels) {
    if ((plain[i] ?? 0) > 235 && (plain[i + 1] ?? 0) > 235 && (plain[i + 2] ?? 0) > 235) plainWhite++
  }
  expect(plainWhite).toBeLessThan(white / 10)
})

test('long titles get smaller type and are cut at a word with an ellipsis', () => {
  expect(fitTitle('Short title').fontSize).toBe(96)
  expect(fitTitle('x'.repeat(50)).fontSize).toBe(80)
  const long = fitTitle(`${'word '.repeat(40)}end`)
  expect(long.text.length).toBeLessThanOrEqual(120)
  expect(long.text.endsWith('…')).toBe(true)
  expect(long.fontSize).toBe(56)
})
