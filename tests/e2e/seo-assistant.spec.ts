import type { Locator, Page } from '@playwright/test'
import { closeSettings, expect, openSettings, preferMarkdown, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

// Issue 15 §2: the SEO and readability assistant scores the post live as the writer types.

const assistant = (page: Page) => page.getByRole('region', { name: 'SEO & readability' })
const score = async (panel: Locator) =>
  Number(await panel.getByRole('meter', { name: 'SEO score' }).getAttribute('value'))
const titleCheck = (panel: Locator, group: RegExp) =>
  panel.getByRole('region', { name: group }).getByRole('listitem').filter({ hasText: 'Title length:' })

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

test.describe('SEO assistant', () => {
  test.beforeEach(async ({ login }) => {
    await login()
  })

  test('on the edit screen, fixing a too-short title turns its check good and raises the score', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    const post = await createPost({ title: 'Too short', slug: uniqueSlug('seo') })
    await page.goto(`/admin/blog/edit/${post.id}`)
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    const panel = assistant(page)

    await expect(titleCheck(panel, /^Improvements/)).toContainText(
      'The title is 9 characters; make it at least 30, so it says enough in search results.',
    )
    await expect(panel.getByRole('meter', { name: 'SEO score' })).toHaveAttribute('aria-valuetext', /of 100, /)
    const before = await score(panel)
    await expectNoA11yViolations()

    const title = page.getByRole('textbox', { name: 'Title' })
    await title.fill('Rewarded video: what brands should measure')
    await expect(titleCheck(panel, /^Good/)).toContainText('The title is 42 characters, within 30–60.')
    await expect(titleCheck(panel, /^Improvements/)).toHaveCount(0)
    await expect.poll(() => score(panel)).toBeGreaterThan(before)
    await expect(panel.getByTestId('seo-score')).toHaveText(String(await score(panel)))

    // A focus keyword adds its four checks; the title has it, the slug does not.
    await panel.getByRole('textbox', { name: 'Focus keyword' }).fill('rewarded video')
    await expect(panel.getByText('Keyword in title:')).toBeVisible()
    await expect(panel.getByRole('region', { name: /^Improvements/ })).toContainText('Keyword in slug:')

    // The checks fold away from the keyboard and come back.
    const toggle = panel.getByRole('button', { name: 'Hide checks' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('button', { name: 'Show checks' })).toHaveAttribute('aria-expanded', 'false')
    await expect(titleCheck(panel, /^Good/)).toHaveCount(0)
    await page.keyboard.press('Enter')
    await expect(titleCheck(panel, /^Good/)).toBeVisible()
  })

  test('the create screen scores as the writer types, and fits a 390 px phone', async ({ page, createPost }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin/blog/create')
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeEnabled()
    // On a phone the assistant is in the 'Post settings' sheet (decision 057), over the writing.
    const panel = assistant(page)
    await openSettings(page)
    await expect(titleCheck(panel, /^Problems/)).toContainText('Write a title.')
    await closeSettings(page)
    await page.getByRole('textbox', { name: 'Title' }).fill('Short title')
    await page
      .getByRole('textbox', { name: 'Content (Markdown)' })
      .fill(`## ${'A very long heading without a break '.repeat(4)}\n\n![](/images/x.png) ${'word '.repeat(200)}`)
    await openSettings(page)
    await expect(titleCheck(panel, /^Improvements/)).toContainText('The title is 11 characters')
    await expect(panel.getByRole('region', { name: /^Problems/ })).toContainText('Image alt text:')
    await expectNoSidewaysScroll(page)

    const post = await createPost({ slug: uniqueSlug('seo-phone') })
    await page.goto(`/admin/blog/edit/${post.id}`)
    await openSettings(page)
    await expect(assistant(page).getByRole('meter', { name: 'SEO score' })).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
})
