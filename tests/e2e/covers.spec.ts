import type { Locator, Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures.ts'

// server/services/ai/cover.ts: the mark and everything that matters lie in the centred square.
const SAFE_LEFT = 350 / 1600

/**
 * How much of the picture a cropping frame (object-fit: cover) cuts off each side, as a fraction
 * of the picture: a generated cover must keep its centred square whole wherever it is shown.
 */
async function cropOf(img: Locator) {
  await img.scrollIntoViewIfNeeded()
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  return img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect()
    const style = getComputedStyle(el)
    const scale =
      style.objectFit === 'cover'
        ? Math.max(box.width / el.naturalWidth, box.height / el.naturalHeight)
        : Math.min(box.width / el.naturalWidth, box.height / el.naturalHeight)
    const shownWidth = Math.min(el.naturalWidth, box.width / scale)
    return { side: (el.naturalWidth - shownWidth) / 2 / el.naturalWidth, position: style.objectPosition }
  })
}

async function expectWholeMark(img: Locator) {
  const crop = await cropOf(img)
  expect(crop.position).toBe('50% 50%')
  expect(crop.side).toBeLessThanOrEqual(SAFE_LEFT)
}

async function generatedCover(page: Page, title: string) {
  const res = await page.request.post('/api/blog/ai/generate-image', {
    data: { title, description: 'How brands reward viewers for watching to the end.' },
  })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { url: string; source: string }
  expect(body.source).toBe('cover')
  return body.url
}

for (const width of [1440, 390]) {
  test(`a generated cover keeps its mark whole on every card and the post page at ${width} px`, async ({
    page,
    login,
    createPost,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await login()
    const title = `Cover framing check at ${width} px`
    const post = await createPost({ title, featuredImage: await generatedCover(page, title) })

    await page.goto('/blog')
    await expectWholeMark(page.getByTestId('featured-post').locator('img'))
    await page.goto('/')
    await expectWholeMark(page.getByTestId('article-card').filter({ hasText: title }).locator('img'))
    await page.goto(`/blog/${post.slug}`)
    await expectWholeMark(page.getByRole('img', { name: title }))

    // A newer post moves this one into the grid.
    await createPost({ title: `A newer post ${width}` })
    await page.goto('/blog')
    await expectWholeMark(page.getByRole('article').filter({ hasText: title }).locator('img'))
  })
}
