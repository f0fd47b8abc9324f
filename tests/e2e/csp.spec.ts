import type { Page } from '@playwright/test'
import { expect, hydrated, test, violations, watchViolations } from '#tests/e2e/fixtures.ts'

async function visit(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
  expect(await violations(page), `CSP violations on ${path}`).toEqual([])
}

test.describe('a Content-Security-Policy without unsafe-inline raises no violation', () => {
  test.beforeEach(async ({ page }) => {
    await watchViolations(page)
  })

  test('on every public screen, cached or not, and through a client navigation', async ({ page, createPost }) => {
    const post = await createPost({ title: 'CSP check post' })
    for (const path of ['/', '/blog', `/blog/${post.slug}`, '/legal/terms', '/legal/privacy', '/demo']) {
      await visit(page, path)
      // The second visit is served from the page cache: its scripts are allowed by hash.
      await visit(page, path)
    }
    const res = await page.goto('/no-such-page-for-csp')
    expect(res?.status()).toBe(404)
    await hydrated(page)
    expect(await violations(page)).toEqual([])

    await visit(page, '/blog')
    await page
      .getByRole('link', { name: /CSP check post/ })
      .first()
      .click()
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'CSP check post' })).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('on the sign-in screen, where a failed sign-in runs the form validation', async ({ page }) => {
    await visit(page, '/admin/login')
    await page.getByLabel('Username').fill('nobody')
    await page.getByRole('button', { name: /sign in/i }).click()
    await expect(page.getByText(/required|Password/i).first()).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('on every admin screen, with the editor and the AI tabs in use', async ({ page, login, createPost }) => {
    await login()
    const post = await createPost({ title: 'CSP admin post' })
    await visit(page, '/admin/blog')
    await visit(page, '/admin/contacts')
    await visit(page, `/admin/blog/edit/${post.id}`)
    await page.getByLabel('Title').fill('CSP admin post, edited')
    await visit(page, '/admin/blog/create')
    await page.getByLabel('Title').fill('A title typed under the policy')
    for (const tab of ['AI Generation', 'AI Rewriter']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    }
    expect(await violations(page)).toEqual([])
  })
})
