import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

/**
 * Opens /blog the way the router renders it (from a hydrated page, a legal page's footer: /blog
 * loaded as a document is sent without React, docs/decisions/043, and so is the landing page,
 * 066), then holds the data of /blog/{slug} back until `release()` is called.
 */
async function slowDataFor(page: Page, slug: string) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.goto('/legal/terms')
  await hydrated(page)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Industry News and Articles' })).toBeVisible()
  await page.route(`**/blog/${slug}.data*`, async (route) => {
    await held
    await route.continue()
  })
  return release
}

// Issue 11 §4: while the next screen's data loads, the reader sees that something is happening.
test('a client navigation whose data is slow shows the progress bar until the page arrives', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'A post behind a slow connection' })
  const release = await slowDataFor(page, post.slug)
  const progress = page.getByRole('progressbar', { name: 'Loading the next page' })
  await expect(progress).toHaveCount(0)
  await page
    .getByRole('link', { name: /A post behind a slow connection/ })
    .first()
    .click()
  await expect(progress).toBeVisible()
  // The old screen is still there, and the reader is told the next one is on its way.
  await expect(page.getByRole('heading', { level: 1, name: 'Industry News and Articles' })).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'A post behind a slow connection' })).toBeVisible()
  await expect(progress).toHaveCount(0)
})

test('with reduced motion the bar is shown still, across the whole width', async ({ page, createPost }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const post = await createPost({ title: 'A still progress bar post' })
  const release = await slowDataFor(page, post.slug)
  await page
    .getByRole('link', { name: /A still progress bar post/ })
    .first()
    .click()
  const bar = page.getByRole('progressbar', { name: 'Loading the next page' }).locator('div')
  await expect(bar).toBeVisible()
  expect(await bar.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'A still progress bar post' })).toBeVisible()
})
