import type { Page } from '@playwright/test'
import type { Post } from '#common/contract/posts.ts'
import {
  atWidths,
  closeSettings,
  expect,
  expectSavedInEditor,
  openCreate,
  openSettings,
  preferMarkdown,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'
import { E2E_ADMIN } from '#tests/helpers/server-process.ts'

// Issue 32, Saving (docs/decisions/052-autosave.md): a draft saves itself to the server a few
// seconds after the writer stops typing; a published post waits for 'Update' with a visible
// 'Unpublished changes'; saving keeps the writer in the editor; the focus keyword is saved.

test.use({ signedIn: true })
// The text is typed and read as Markdown (the rich editor writes the same field; issue 32 made it the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))
// The tests wait out autosave's pause (3 s) on purpose, some of them twice.
test.describe.configure({ timeout: 90_000 })

const contentBox = (page: Page) => page.getByRole('textbox', { name: 'Content (Markdown)' })
const saveState = (page: Page) => page.locator('[data-save-state]')
/** 'Saved 2:41 PM' or 'Saved 14:41': the reader's clock. */
const SAVED = /^Saved \d{1,2}:\d{2}/

async function openEdit(page: Page, id: number) {
  await page.goto(`/admin/blog/edit/${id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
}

async function stored(page: Page, id: number) {
  return (await (await page.request.get(`/api/blog/id/${id}`)).json()) as Post
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

atWidths((width) => {
  test('a draft saves itself after a pause; a reload and another browser show the text', async ({
    page,
    createPost,
    browser,
    baseURL,
    expectNoA11yViolations,
  }) => {
    const post = await createPost({ slug: uniqueSlug('autosave'), isPublished: false, content: 'First words.' })
    await openEdit(page, post.id)
    await expect(saveState(page)).toHaveText(SAVED)
    await expect(saveState(page)).toHaveAttribute('role', 'status')
    await expect(saveState(page)).toHaveAttribute('aria-live', 'polite')

    const saves: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/blog/${post.id}`)) saves.push(r.postData() ?? '')
    })
    await contentBox(page).fill('Written without a click, saved by itself.')
    await expect(saveState(page)).toHaveText('Unsaved changes')
    // No click: the pause saves it.
    await expect(saveState(page)).toHaveText(SAVED, { timeout: 10_000 })
    expect(saves).toHaveLength(1)
    expect(JSON.parse(saves[0]!)).toMatchObject({ autosave: true, version: post.version })
    expect(await stored(page, post.id)).toMatchObject({
      content: 'Written without a click, saved by itself.',
      isPublished: false,
      version: post.version + 1,
    })
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `test-results/autosave-draft-${width}.png` })
    await expectNoA11yViolations()

    // The next pause saves again, based on the version the first one made.
    await contentBox(page).fill('Written without a click, saved by itself twice.')
    await expect(saveState(page)).toHaveText(SAVED, { timeout: 10_000 })
    await expect.poll(() => saves.length).toBe(2)
    expect(JSON.parse(saves[1]!)).toMatchObject({ autosave: true, version: post.version + 1 })

    await page.reload()
    await expect(contentBox(page)).toHaveValue('Written without a click, saved by itself twice.')
    await expect(page.getByRole('alertdialog', { name: 'Restore unsaved draft?' })).toHaveCount(0)

    // Another browser (its own cookies and storage) sees the saved text.
    const other = await browser.newContext({ baseURL, viewport: { width, height: 900 } })
    await preferMarkdown(other)
    try {
      const login = await other.request.post('/api/admin/login', { data: E2E_ADMIN })
      expect(login.status()).toBe(200)
      const second = await other.newPage()
      await openEdit(second, post.id)
      await expect(contentBox(second)).toHaveValue('Written without a click, saved by itself twice.')
    } finally {
      await other.close()
    }

    // One session of work, one revision.
    const revisions = await page.request.get(`/api/blog/${post.id}/revisions`)
    const reasons = ((await revisions.json()) as { revisions: { reason: string }[] }).revisions.map((r) => r.reason)
    expect(reasons).toEqual(['autosave', 'create'])
  })

  test("a published post waits for 'Update': the public page keeps the old text until the click", async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ slug: uniqueSlug('live'), content: 'The live text, as readers see it.' })
    await openEdit(page, post.id)
    await expect(saveState(page)).toHaveText(SAVED)
    await contentBox(page).fill('The corrected text, not live yet.')
    await expect(saveState(page)).toHaveText('Unpublished changes')
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `test-results/autosave-published-${width}.png` })
    // Longer than an autosave's pause: nothing goes to the server.
    await page.waitForTimeout(4500)
    await expect(saveState(page)).toHaveText('Unpublished changes')
    const before = await (await page.request.get(`/blog/${post.slug}`)).text()
    expect(before).toContain('The live text, as readers see it.')
    expect(before).not.toContain('The corrected text')

    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expectSavedInEditor(page, post.id)
    await expect(saveState(page)).toHaveText(SAVED)
    await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible()
    const after = await (await page.request.get(`/blog/${post.slug}`)).text()
    expect(after).toContain('The corrected text, not live yet.')
  })

  test("'Save as Draft' opens the new post's edit screen; Ctrl+S there saves and stays", async ({ page }) => {
    const slug = uniqueSlug('stay')
    await openCreate(page)
    await page.getByLabel(/^Title/).fill('A post that stays open')
    await (await openSettings(page)).getByLabel(/^Slug/).fill(slug)
    await closeSettings(page)
    await contentBox(page).fill('Its first text.')
    await page.getByRole('button', { name: 'Save as Draft' }).click()
    await expectSavedInEditor(page)
    const created = (await (await page.request.get(`/api/blog/${slug}`)).json()) as Post
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${created.id}$`))
    await expect(contentBox(page)).toHaveValue('Its first text.')

    const excerpt = (await openSettings(page)).getByLabel(/^Excerpt/)
    await excerpt.fill('Saved with the keyboard.')
    await excerpt.press('Control+s')
    await expect(page.getByText('Post Updated', { exact: true })).toBeVisible()
    await closeSettings(page)
    await expectSavedInEditor(page, created.id)
    expect((await stored(page, created.id)).excerpt).toBe('Saved with the keyboard.')
  })

  test('the focus keyword is saved with the post: after a reload, the same keyword and score', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({
      slug: uniqueSlug('rewarded-video'),
      title: 'Rewarded video: what brands should measure first',
    })
    await openEdit(page, post.id)
    await openSettings(page)
    const panel = page.getByRole('region', { name: 'SEO & readability' })
    const keyword = panel.getByRole('textbox', { name: 'Focus keyword' })
    await expect(panel).toContainText('It is saved with the post.')
    const score = panel.getByTestId('seo-score')
    await keyword.fill('rewarded video')
    await expect(panel.getByText('Keyword in title:')).toBeVisible()
    const withKeyword = await score.textContent()
    await closeSettings(page)
    await expect(saveState(page)).toHaveText('Unpublished changes')
    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expectSavedInEditor(page, post.id)
    expect((await stored(page, post.id)).focusKeyword).toBe('rewarded video')

    await page.reload()
    await openSettings(page)
    await expect(keyword).toHaveValue('rewarded video')
    await expect(score).toHaveText(withKeyword ?? '')
  })
})
