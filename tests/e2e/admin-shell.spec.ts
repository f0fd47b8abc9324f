import { expect, hydrated, joinAs, test } from '#tests/e2e/fixtures.ts'

// Issue 28, one admin shell: one navigation beside every admin screen that lists what the role may
// open, marks the current screen and shows the person's name, role and 'Sign out'; a side bar on a
// desktop, a menu on a phone.

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Admin', exact: true }).filter({ visible: true })

test('at 1440 px the side bar lists every screen of an owner, marks the current one and signs out', async ({
  page,
  login,
  expectNoA11yViolations,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login()
  await page.goto('/admin/blog')
  await hydrated(page)
  await expect(nav(page).getByRole('link')).toHaveText([
    'Posts',
    /^Review/,
    'Calendar',
    'Analytics',
    /^Contact Inbox/,
    'Subscribers',
    'Newsletters',
    'Staff',
    'Activity',
    'Channels',
    'Redirects',
    'Import',
    'Profile',
    'Security',
    /View site/,
  ])
  await expect(nav(page).getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  await expect(page.getByRole('complementary').getByText('Owner', { exact: true })).toBeVisible()
  await expectNoA11yViolations()
  await page.screenshot({ path: 'test-results/admin-shell-1440.png' })

  await nav(page).getByRole('link', { name: 'Calendar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible()
  await expect(nav(page).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page')
  await expect(nav(page).getByRole('link', { name: 'Posts', exact: true })).not.toHaveAttribute('aria-current', 'page')

  // The editor of a post is still 'Posts'.
  await page.goto('/admin/blog/create')
  await expect(nav(page).getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin/blog')
  await expect(page).toHaveURL(/\/admin\/login\?next=/)
})

test('at 390 px the menu opens a sheet with the navigation that closes on a choice, and nothing scrolls sideways', async ({
  page,
  login,
  expectNoA11yViolations,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await login()
  await page.goto('/admin/blog')
  await hydrated(page)
  await expect(nav(page)).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  const sheet = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute('aria-current', 'page')
  await expectNoA11yViolations()
  await page.screenshot({ path: 'test-results/admin-shell-390-menu.png' })

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(menu).toBeFocused()

  await menu.click()
  await sheet.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(sheet).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('a contributor’s navigation lists only what a contributor may open', async ({ page, login, browser }) => {
  await login()
  const theirs = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const contributor = await theirs.newPage()
  await joinAs(page.request, contributor.request, 'contributor', 'Cora Contributor')
  await contributor.goto('/admin/blog')
  await hydrated(contributor)
  await expect(nav(contributor).getByRole('link')).toHaveText(['Posts', 'Profile', 'Security', /View site/])
  const account = contributor.getByRole('complementary')
  await expect(account.getByText('Cora Contributor', { exact: true })).toBeVisible()
  await expect(account.getByText('Contributor', { exact: true })).toBeVisible()
  // Their create screen saves drafts only: 'Publish Now' and 'Schedule' are not theirs.
  await contributor.goto('/admin/blog/create')
  await hydrated(contributor)
  await expect(contributor.getByRole('button', { name: 'Save as Draft' })).toBeVisible()
  await expect(contributor.getByRole('button', { name: 'Publish Now' })).toHaveCount(0)
  await expect(contributor.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)
  await theirs.close()
})
