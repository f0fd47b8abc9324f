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
