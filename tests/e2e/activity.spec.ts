import type { Page } from '@playwright/test'
import { expect, expectNoSidewaysScroll, hydrated, openAdminScreen, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 28: the activity log screen. A post made by the signed-in owner is a row naming them, the
// post and an IP hash; the kind filter keeps only its kind; a phone never scrolls sideways.

test.use({ signedIn: true })

const events = (page: Page) => page.getByRole('list', { name: 'Events, newest first' })

for (const width of [1440, 390]) {
  test(`at ${width} px: a new post is a row of the log, and the kind filter keeps only its kind`, async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const post = await createPost({ slug: uniqueSlug('activity'), title: `Logged post ${uniqueSlug('t')}` })

    // Reached from the admin navigation.
    await page.goto('/admin/blog')
    await hydrated(page)
    await openAdminScreen(page, 'Activity')
    await expect(page).toHaveURL(/\/admin\/activity$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible()

    const row = events(page).getByRole('listitem').filter({ hasText: post.title })
    await expect(row.first()).toContainText('Created a post')
    await expect(row.first()).toContainText('e2e-admin')
    await expect(row.first()).toContainText(`Post #${post.id}`)
    await expect(row.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
    await expect(row.first()).toContainText(/[0-9a-f]{8}/)
    // The sign-in of this test is there too, before the filter.
    await expect(events(page).getByText('Signed in').first()).toBeVisible()
    await page.screenshot({ path: `test-results/activity-${width}.png`, fullPage: true })
    await expectNoSidewaysScroll(page)

    // Filter by kind: only post creations remain, and the address says so.
    await page.getByRole('combobox', { name: 'Kind' }).click()
    await page.getByRole('option', { name: 'Created a post' }).click()
    await expect(page).toHaveURL(/kind=post\.create/)
    await expect(events(page).getByText('Signed in')).toHaveCount(0)
    await expect(row.first()).toBeVisible()
    const kinds = await events(page)
      .locator('[data-kind]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
    expect(new Set(kinds)).toEqual(new Set(['post.create']))
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/activity.csv?kind=post.create',
    )
    await page.screenshot({ path: `test-results/activity-${width}-filtered.png`, fullPage: true })
    await expectNoSidewaysScroll(page)
    await expectNoA11yViolations()

    // The CSV of the filter holds the post, formula-safe by the server's rule.
    const csv = await page.request.get('/api/admin/activity.csv?kind=post.create')
    expect(csv.status()).toBe(200)
    expect(await csv.text()).toContain(post.title)
  })
}
