import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { IMAGE_JOBS_MAX, imageJobLoad } from '#server/services/image-jobs.ts'
import { loadVariant, storeImage, variantRenders } from '#server/services/images.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

/** A GIF of `frames` copies of one flat `side`×`side` frame: tiny on disk, huge once decoded. */
async function gifWithFrames(side: number, frames: number) {
  const one = await sharp({ create: { width: side, height: side, channels: 3, background: '#7c3aed' } })
    .gif()
    .toBuffer()
  const packed = one[10] ?? 0
  const start = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0) // header, screen, colour table
  const frame = one.subarray(start, one.length - 1) // everything up to the 0x3B trailer
  return Buffer.concat([one.subarray(0, start), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])])
}

const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg()
    .toBuffer()

describe('the pixel budget counts every frame', () => {
  test('a 92 KB GIF of 20 frames of 2400² (115 million pixels) is refused before it is decoded', async () => {
    const gif = await gifWithFrames(2400, 20)
    expect(gif.length).toBeLessThan(200_000)
    await expect(storeImage(database.db, gif, 'frames.gif')).rejects.toThrow(
      'frames.gif: The image is too large to process (at most 100 million pixels, all frames counted)',
    )
  })

  test('a small animated GIF within the budget is stored and stays animated', async () => {
    const stored = await storeImage(database.db, await gifWithFrames(100, 3), 'small.gif')
    expect(stored.url).toMatch(/^\/images\/[0-9a-f]{64}\.gif$/)
  })
})

describe('variants', () => {
  test('20 concurrent requests for the same new variant share one render and get the same bytes', async () => {
    const { hash } = await storeImage(database.db, await photo(2000, 1200), 'wide.jpg')
    const before = variantRenders.count
    const answers = await Promise.all(Array.from({ length: 20 }, () => loadVariant(database.db, hash, 1920)))
    expect(variantRenders.count - before).toBe(1)
    const first = Buffer.from(answers[0]?.bytes ?? [])
    expect((await sharp(first).metadata()).width).toBe(1920)
    for (const answer of answers) expect(Buffer.compare(Buffer.from(answer?.bytes ?? []), first)).toBe(0)
    // Made once, then read from the database.
    await loadVariant(database.db, hash, 1920)
    expect(variantRenders.count - before).toBe(1)
  })

  test(`never more than ${IMAGE_JOBS_MAX} image jobs run at once; the rest wait their turn`, async () => {
    // More renders than twice the limit, whatever the core count: several images × 7 widths.
    const hashes: string[] = []
    for (let i = 0; i < Math.ceil((2 * IMAGE_JOBS_MAX + 2) / 7); i++) {
      hashes.push((await storeImage(database.db, await photo(1200 + i, 800), `queue-${i}.jpg`)).hash)
    }
    let busiest = 0
    let longestQueue = 0
    let done = false
    const sample = () => {
      const load = imageJobLoad()
      busiest = Math.max(busiest, load.active)
      longestQueue = Math.max(longestQueue, load.waiting)
      if (!done) setImmediate(sample)
    }
    sample()
    await Promise.all(
      hashes.flatMap((hash) => [160, 320, 480, 640, 960, 1280, 1600].map((w) => loadVariant(database.db, hash, w))),
    )
    done = true
    expect(busiest).toBeGreaterThanOrEqual(1)
    expect(busiest).toBeLessThanOrEqual(IMAGE_JOBS_MAX)
    expect(longestQueue).toBeGreaterThanOrEqual(1)
  })
})
