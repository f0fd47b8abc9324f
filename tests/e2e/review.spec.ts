import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, expectNoSidewaysScroll, expectSavedInEditor, hydrated, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 28, the review queue: a Contributor drafts and submits; an Editor sends it back with a note;
// the Contributor reads the note on the edit screen, fixes the post and submits again; the Editor
// schedules it, which takes it out of the queue. Each person in a browser of their own.

test.use({ signedIn: true })

const dialog = (page: Page) => page.getByRole('dialog')
/** A post's row on Blog Management: the table on a desktop, the card list on a phone. */
const listed = (page: Page, title: string) =>
  page.locator(':is(tr, li)').filter({ hasText: title }).filter({ visible: true })
const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

/** axe on a colleague's page, with the rule that a control's name holds its visible text. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Someone invited by the signed-in owner (`page`) with `role`, signed in in a browser of their own. */
async function colleague(page: Page, browser: Browser, role: 'contributor' | 'editor', name: string, width: number) {
  const invited = await page.request.post('/api/admin/staff/invitations', {
    data: { email: `${uniqueSlug(role)}@example.com`, role },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const { link } = (await invited.json()) as { link: string }
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const theirs = await context.newPage()
  const token = new URL(link).pathname.split('/').at(-1) as string
  const accepted = await theirs.request.post(`/api/admin/invitations/${token}/accept`, {
    data: { name, password: 'a long enough passphrase' },
  })
  expect(accepted.status(), await accepted.text()).toBe(201)
  const errors: string[] = []
  theirs.on('console', (m) => {
    // A contributor's edit screen asks for the post's figures, which their role may not see (403):
    // the browser logs that refusal, which is not an error of the page.
    if (m.type() === 'error' && !m.text().includes('status of 403')) errors.push(m.text())
  })
  theirs.on('pageerror', (e) => errors.push(e.message))
  return { page: theirs, errors, close: () => context.close() }
}

for (const width of [1440, 390]) {
  test(`at ${width} px: submit → changes requested → fixed and resubmitted → scheduled by the editor`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width, height: 900 })
    const writer = await colleague(page, browser, 'contributor', 'Cora Contributor', width)
    const editor = await colleague(page, browser, 'editor', 'Eddie Editor', width)
    const title = `Needs a second pair of eyes ${uniqueSlug('r')}`

    // The contributor drafts (a post of theirs) and submits it from the edit screen.
    const created = await writer.page.request.post('/api/blog', {
      data: {
        title,
        slug: uniqueSlug('review'),
        content: 'Completion rates double with rewarded video.',
        category: 'technology',
        isPublished: false,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { post } = (await created.json()) as { post: { id: number } }
    await writer.page.goto(`/admin/blog/edit/${post.id}`)
    await hydrated(writer.page)
    await expect(writer.page.getByRole('button', { name: 'Submit for review' })).toBeVisible()
    // Publishing is not a contributor's (the API refuses it): the screen offers neither the
    // Published switch nor 'Schedule'.
    await expect(writer.page.getByRole('switch', { name: 'Published' })).toHaveCount(0)
    await expect(writer.page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)
    await writer.page.screenshot({ path: `test-results/review-${width}-draft.png` })
    await expectNoSidewaysScroll(writer.page)
    await writer.page.getByRole('button', { name: 'Submit for review' }).click()
    await expect(toastText(writer.page, 'Submitted for review')).toBeVisible()
    const waiting = writer.page.getByRole('region', { name: 'Waiting for review' })
    await expect(waiting).toContainText('An editor publishes or schedules it')
    await expect(waiting.getByRole('button', { name: 'Withdraw from review' })).toBeVisible()
    await writer.page.screenshot({ path: `test-results/review-${width}-submitted.png` })

    // The editor finds it through the navigation's Review link, which counts it.
    await editor.page.goto('/admin/blog')
    await hydrated(editor.page)
    await expect(listed(editor.page, title)).toContainText('In review')
    await editor.page.screenshot({ path: `test-results/review-${width}-blog.png` })
    await expectNoSidewaysScroll(editor.page)
    const menu = editor.page.getByRole('button', { name: 'Menu', exact: true })
    if (await menu.isVisible()) await menu.click()
    const reviewLink = editor.page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .filter({ visible: true })
      .getByRole('link', { name: /^Review/ })
    await expect(reviewLink).toContainText(/[1-9]/)
    await reviewLink.click()
    await expect(editor.page).toHaveURL(/\/admin\/review$/)
    await expect(editor.page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible()
    const item = editor.page.getByTestId('review-item').filter({ hasText: title })
    await expect(item).toContainText('By Cora Contributor')
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
    await expect(item.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      `/admin/blog/edit/${post.id}`,
    )
    await editor.page.screenshot({ path: `test-results/review-${width}-queue.png`, fullPage: true })
    await expectNoSidewaysScroll(editor.page)
    await expectAccessible(editor.page)

    // Request changes (from the queue on a desktop; on a phone from the edit screen the queue
    // opens): a note is required.
    let from = editor.page.getByTestId('review-item').filter({ hasText: title })
    if (width === 390) {
      await item.getByRole('link', { name: /^Open/ }).click()
      await expect(editor.page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`))
      await hydrated(editor.page)
      from = editor.page.getByRole('region', { name: 'Waiting for review' })
      await expect(from).toContainText('To approve it, publish it')
    }
    await from.getByRole('button', { name: /^Request changes/ }).click()
    await dialog(editor.page).getByRole('button', { name: 'Send back to the writer' }).click()
    await expect(dialog(editor.page).getByText('Say what should change')).toBeVisible()
    const note = 'Please name the study behind the completion rate.'
    await dialog(editor.page).getByLabel('What should change').fill(note)
    await editor.page.screenshot({ path: `test-results/review-${width}-note.png` })
    await dialog(editor.page).getByRole('button', { name: 'Send back to the writer' }).click()
    await expect(toastText(editor.page, 'Changes requested')).toBeVisible()
    if (width === 390) {
      // The edit screen now shows what the writer will read, and the queue no longer lists it.
      await expect(editor.page.getByRole('region', { name: 'Changes requested' })).toContainText(note)
      await editor.page.goto('/admin/review')
      await hydrated(editor.page)
      await expect(editor.page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible()
    }
    await expect(item).toHaveCount(0)

    // The contributor sees the note on the edit screen, fixes the post, saves, and submits again.
    await writer.page.reload()
    await hydrated(writer.page)
    const sentBack = writer.page.getByRole('region', { name: 'Changes requested' })
    await expect(sentBack).toContainText(note)
    await writer.page.screenshot({ path: `test-results/review-${width}-changes.png`, fullPage: true })
    await expectNoSidewaysScroll(writer.page)
    await expectAccessible(writer.page)
    await writer.page.getByLabel('Title', { exact: true }).fill(`${title} (sourced)`)
    // Unsaved changes must be saved first: the editor reviews the post as saved.
    await expect(sentBack.getByRole('button', { name: 'Submit again' })).toBeDisabled()
    await writer.page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expectSavedInEditor(writer.page)
    await writer.page.goto('/admin/blog')
    // Blog Management says where it stands.
    await expect(listed(writer.page, `${title} (sourced)`)).toContainText('Changes requested')
    // …and its status filter lists what was sent back.
    await writer.page.getByRole('combobox', { name: 'Filter by status' }).click()
    await writer.page.getByRole('option', { name: 'Changes requested', exact: true }).click()
    await expect(listed(writer.page, `${title} (sourced)`)).toBeVisible()
    await writer.page.getByRole('combobox', { name: 'Filter by status' }).click()
    await writer.page.getByRole('option', { name: 'In review', exact: true }).click()
    await expect(listed(writer.page, `${title} (sourced)`)).toHaveCount(0)
    await writer.page.goto(`/admin/blog/edit/${post.id}`)
    await hydrated(writer.page)
    await writer.page.getByRole('button', { name: 'Submit again' }).click()
    await expect(writer.page.getByRole('region', { name: 'Waiting for review' })).toBeVisible()
    await expect(writer.page.getByRole('region', { name: 'Changes requested' })).toHaveCount(0)

    // The editor approves it by scheduling it: out of the queue.
    await editor.page.reload()
    await hydrated(editor.page)
    const again = editor.page.getByTestId('review-item').filter({ hasText: `${title} (sourced)` })
    await again.getByRole('button', { name: /^Schedule/ }).click()
    await expect(dialog(editor.page).getByRole('heading', { name: 'Approve and schedule' })).toBeVisible()
    await dialog(editor.page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(toastText(editor.page, 'Post scheduled')).toBeVisible()
    await expect(again).toHaveCount(0)
    const saved = await (await editor.page.request.get(`/api/blog/id/${post.id}`)).json()
    expect(saved).toMatchObject({ isPublished: false, reviewState: null, reviewNote: null })
    expect(saved.scheduledAt).not.toBeNull()

    // The contributor's list shows it scheduled, no longer in review.
    await writer.page.goto('/admin/blog')
    await hydrated(writer.page)
    const row = listed(writer.page, `${title} (sourced)`)
    await expect(row).toContainText('Scheduled')
    await expect(row).not.toContainText('In review')
    expect(writer.errors).toEqual([])
    expect(editor.errors).toEqual([])
    await writer.close()
    await editor.close()
  })
}
