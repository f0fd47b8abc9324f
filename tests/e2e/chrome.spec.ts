import { expect, test } from '#tests/e2e/fixtures.ts'

// Issue 11 §8: one copyright rule, in one place, on every page (SPEC §9: copyright year 2025).
test('every public page’s footer says © 2025 and the company’s name, the landing page included', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'Footer check post' })
  for (const path of ['/', '/blog', `/blog/${post.slug}`, '/legal/terms', '/legal/privacy', '/no-such-page-footer']) {
    await page.goto(path)
    const footer = page.getByRole('contentinfo').last()
    await expect(footer, path).toContainText('© 2025 VidQuest Ltd. All rights reserved.')
    await expect(footer, path).not.toContainText(/© 20(?!25)\d\d/)
  }
})

test('a post without an image shows the one branded placeholder on the landing page and the blog alike', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'Placeholder check post', featuredImage: null, content: 'No picture here.' })
  const icons: string[] = []
  for (const path of ['/', '/blog']) {
    await page.goto(path)
    const card = page.locator(`a[href="/blog/${post.slug}"], article:has(a[href="/blog/${post.slug}"])`).first()
    const placeholder = card.locator('[data-slot="post-placeholder"]')
    await expect(placeholder, path).toBeVisible()
    icons.push((await placeholder.locator('svg').first().getAttribute('class')) ?? '')
  }
  expect(icons[0]).toContain('lucide-play')
  expect(icons[1]).toBe(icons[0])
})
