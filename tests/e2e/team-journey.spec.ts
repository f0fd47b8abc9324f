import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { toWallTime } from '#app/lib/schedule-time.ts'
import type { Post } from '#common/contract/posts.ts'
import {
  atWidths,
  closeSettings,
  expect,
  expectNoSidewaysScroll,
  expectSavedInEditor,
  hydrated,
  joinAs,
  openCreate,
  openSettings,
  preferMarkdown,
  saveAfterOtherPage,
  signInWithPassword,
  test,
  totpCode,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

// Issue 28, "Done when", walked end to end in one go: an administrator invites a contributor through
// the Staff screen; the contributor joins through the link in a browser of their own, turns on
// two-factor sign-in, signs out and in again with password and code, drafts a post and submits it;
// an editor sends it back with a note; the contributor reads it, fixes the post and submits again;
// the editor schedules it for the next minute (the dialog's time field holds whole minutes, so that
// is as few seconds ahead as the screens allow) and, once it is live, the contributor's author page
// lists it. A second test: two pages of the editor on one post, the second save meets the choice.

const PASSWORD = 'a contributor passphrase'
// The scheduling dialog speaks the browser's clock: UTC here, so the test types UTC wall time.
const ZONE = 'UTC'

const dialog = (page: Page) => page.getByRole('dialog')
const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
/** A post's row on Blog Management: the table on a desktop, the card list on a phone. */
const listed = (page: Page, title: string) =>
  page.locator(':is(tr, li)').filter({ hasText: title }).filter({ visible: true })
/** A browser of someone else's, whose console errors are collected (`allowed` ones excepted). */
async function ownBrowser(browser: Browser, width: number, baseURL: string | undefined, allowed: RegExp) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, timezoneId: ZONE })
  await preferMarkdown(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && !allowed.test(m.text())) errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

/**
 * Opens an admin screen through the shell's navigation (the side bar, or the 'Menu' sheet on a
 * phone), as fixtures' `openAdminScreen` does, but tries again if the sheet was not open yet when
 * the link was looked for (a click on 'Menu' just after the page hydrated can come too early).
 */
async function openScreen(page: Page, name: string | RegExp, url: RegExp) {
  await hydrated(page)
  const nav = page.getByRole('navigation', { name: 'Admin' }).filter({ visible: true })
  const link = nav.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
  await expect(async () => {
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    if (!(await link.isVisible()) && (await menu.isVisible())) await menu.click()
    await link.click({ timeout: 2000 })
    await expect(page).toHaveURL(url, { timeout: 2000 })
  }).toPass({ timeout: 20_000 })
}

/** The first whole minute at least `leadMs` from now: what the time field (minutes only) can hold. */
const minuteAhead = (leadMs: number) => new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000)

atWidths((width) => {
  test.use({ timezoneId: ZONE })

  test('invite → join → two-factor → sign in again → draft → review → changes → resubmit → scheduled → on the author page', async ({
    page,
    browser,
    baseURL,
    login,
    expectNoA11yViolations,
  }) => {
    // Three people, two sign-ins, a review round and a wait for the next whole minute.
    test.setTimeout(240_000)
    const contexts: BrowserContext[] = []
    try {
      // 1. The administrator invites a contributor through the Staff screen.
      await login()
      await page.goto('/admin/blog')
      await openScreen(page, 'Staff', /\/admin\/staff$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
      const email = `${uniqueSlug('journey')}@example.com`
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Role', { exact: true }).selectOption('contributor')
      await page.getByRole('button', { name: 'Invite' }).click()
      const link = await page.getByLabel('Invitation link').inputValue()
      expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/)
      await expect(page.getByText(email, { exact: true })).toBeVisible()
      await expectNoSidewaysScroll(page)

      // 2. The contributor opens the link in a browser of their own and joins. Their edit screen
      // asks for a post's figures, which a contributor may not see: the browser logs that 403.
      const writer = await ownBrowser(browser, width, baseURL, /status of 403/)
      contexts.push(writer.context)
      const me = writer.page
      const slug = uniqueSlug('cora')
      const name = `Cora ${slug.slice(-6)}`
      await me.goto(new URL(link).pathname)
      await hydrated(me)
      await expect(me.getByText(`${email} is invited as Contributor.`)).toBeVisible()
      await me.getByLabel('Your name').fill(name)
      await me.getByLabel('Password').fill(PASSWORD)
      await me.getByRole('button', { name: 'Join and sign in' }).click()
      await expect(me).toHaveURL(/\/admin\/blog$/)

      // Their author page address, on their profile.
      await me.goto('/admin/profile')
      await hydrated(me)
      await me.getByLabel('Author page address').fill(slug)
      await me.getByRole('button', { name: 'Save profile' }).click()
      await expect(me.getByText('Profile saved', { exact: true })).toBeVisible()

      // 3. Two-factor sign-in, set up with the manual key as an authenticator app would.
      await openScreen(me, 'Security', /\/admin\/security$/)
      await expect(me.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
      await me.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
      const secret = ((await me.getByTestId('manual-key').textContent()) ?? '').replace(/\s+/g, '')
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      await expectNoSidewaysScroll(me)
      await me.getByLabel('6-digit code from the app').fill(await totpCode(secret))
      await me.getByRole('button', { name: 'Turn on' }).click()
      await expect(me.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
      await me.getByRole('button', { name: 'I have saved them' }).click()
      await expect(me.getByRole('button', { name: 'Turn off' })).toBeVisible()

      // 4. Signs out, and in again: the password, then a code.
      // 'Sign out' is in the side bar on a desktop, in the 'Menu' sheet on a phone.
      const menu = me.getByRole('button', { name: 'Menu', exact: true })
      if (await menu.isVisible()) await menu.click()
      await me.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click()
      await expect(me).toHaveURL(/\/admin\/login/)
      await signInWithPassword(me, email, PASSWORD)
      const field = me.getByLabel('Authentication code')
      await expect(field).toBeFocused()
      await expectNoSidewaysScroll(me)
      await field.fill(await totpCode(secret, 1))
      await field.press('Enter')
      await expect(me).toHaveURL(/\/admin\/blog$/)
      expect(await (await me.request.get('/api/admin/me')).json()).toMatchObject({
        name,
        role: 'contributor',
        twoFactor: true,
      })

      // 5. Drafts a post on the create screen and submits it for review from the edit screen.
      const postSlug = uniqueSlug('journey-post')
      const title = `A team journey ${postSlug}`
      await openCreate(me)
      await me.getByLabel(/^Title/).fill(title)
      await (await openSettings(me)).getByLabel(/^Slug/).fill(postSlug)
      await closeSettings(me)
      await me.getByRole('textbox', { name: 'Content (Markdown)' }).fill('## Rewarded video\n\nCompletion doubles.')
      await expectNoSidewaysScroll(me)
      await me.getByRole('button', { name: 'Save as Draft' }).click()
      await expectSavedInEditor(me)
      await me.goto('/admin/blog')
      await expect(listed(me, title)).toContainText('Draft')
      const drafted = await me.request.get(`/api/blog/${postSlug}`)
      expect(drafted.status(), await drafted.text()).toBe(200)
      const { id } = (await drafted.json()) as { id: number }
      await me.goto(`/admin/blog/edit/${id}`)
      await hydrated(me)
      await me.getByRole('button', { name: 'Submit for review' }).click()
      await expect(toastText(me, 'Submitted for review')).toBeVisible()
      await expect(me.getByRole('region', { name: 'Waiting for review' })).toBeVisible()

      // 6. An editor (invited and joined in a browser of their own) sends it back with a note.
      const editor = await ownBrowser(browser, width, baseURL, /^$/)
      contexts.push(editor.context)
      const ed = editor.page
      await joinAs(page.context().request, editor.context.request, 'editor', 'Eddie Editor')
      await ed.goto('/admin/blog')
      await openScreen(ed, /^Review/, /\/admin\/review$/)
      await expect(ed).toHaveURL(/\/admin\/review$/)
      const item = ed.getByTestId('review-item').filter({ hasText: title })
      await expect(item).toContainText(`By ${name}`)
      await expectNoSidewaysScroll(ed)
      const note = 'Please name the study behind the completion rate.'
      if (width >= 1024) {
        await item.getByRole('button', { name: /^Request changes/ }).click()
      } else {
        // On a phone the queue opens the post; its edit screen has the same choices.
        await item.getByRole('link', { name: /^Open/ }).click()
        await expect(ed).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`))
        await hydrated(ed)
        await ed
          .getByRole('region', { name: 'Waiting for review' })
          .getByRole('button', { name: /^Request changes/ })
          .click()
      }
      await dialog(ed).getByLabel('What should change').fill(note)
      await dialog(ed).getByRole('button', { name: 'Send back to the writer' }).click()
      await expect(toastText(ed, 'Changes requested')).toBeVisible()

      // 7. The contributor reads the note, fixes the post, saves, and submits again.
      await me.reload()
      await hydrated(me)
      const sentBack = me.getByRole('region', { name: 'Changes requested' })
      await expect(sentBack).toContainText(note)
      await expectNoSidewaysScroll(me)
      const fixed = `${title} (sourced)`
      await me.getByLabel('Title', { exact: true }).fill(fixed)
      await me
        .getByRole('textbox', { name: 'Content (Markdown)' })
        .fill('## Rewarded video\n\nCompletion doubles, says the 2026 Acme viewing study.')
      await me.getByRole('button', { name: 'Update Blog Post' }).click()
      await expectSavedInEditor(me)
      await me.goto('/admin/blog')
      await expect(listed(me, fixed)).toContainText('Changes requested')
      await me.goto(`/admin/blog/edit/${id}`)
      await hydrated(me)
      await me.getByRole('button', { name: 'Submit again' }).click()
      await expect(me.getByRole('region', { name: 'Waiting for review' })).toBeVisible()
      await expect(me.getByRole('region', { name: 'Changes requested' })).toHaveCount(0)

      // 8. The editor approves it by scheduling it for the next whole minute, from the queue.
      await ed.goto('/admin/review')
      await hydrated(ed)
      await expect(ed.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible()
      const again = ed.getByTestId('review-item').filter({ hasText: fixed })
      await expect(again).toBeVisible()
      await expectNoA11yViolationsOn(ed)
      await ed.screenshot({ path: `test-results/team-journey-queue-${width}.png`, fullPage: true })
      await again.getByRole('button', { name: /^Schedule/ }).click()
      await expect(dialog(ed).getByRole('heading', { name: 'Approve and schedule' })).toBeVisible()
      const soon = minuteAhead(15_000)
      const wall = toWallTime(soon, ZONE)
      await dialog(ed).getByLabel('Date', { exact: true }).fill(wall.date)
      await dialog(ed).getByLabel('Time', { exact: true }).fill(wall.time)
      await expectNoSidewaysScroll(ed)
      await dialog(ed).getByRole('button', { name: 'Schedule', exact: true }).click()
      await expect(toastText(ed, 'Post scheduled')).toBeVisible()
      await expect(again).toHaveCount(0)
      const scheduled = await (await ed.request.get(`/api/blog/id/${id}`)).json()
      expect(scheduled).toMatchObject({ isPublished: false, scheduledAt: soon.toISOString(), reviewState: null })

      // 9. Once it is live, a reader finds it on the contributor's author page.
      const reader = await browser.newContext({ baseURL, viewport: { width, height: 900 } })
      contexts.push(reader)
      const publicPage = await reader.newPage()
      await expect(async () => {
        await publicPage.goto(`/blog/author/${slug}`)
        await expect(publicPage.getByRole('link', { name: fixed })).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: soon.getTime() - Date.now() + 30_000, intervals: [1000] })
      await expect(publicPage.getByRole('heading', { level: 1, name })).toBeVisible()
      await expectNoSidewaysScroll(publicPage)
      await publicPage.screenshot({ path: `test-results/team-journey-author-${width}.png`, fullPage: true })
      await publicPage.getByRole('link', { name: fixed }).click()
      await expect(publicPage).toHaveURL(new RegExp(`/blog/${postSlug}$`))
      await expect(publicPage.getByText('Completion doubles, says the 2026 Acme viewing study.')).toBeVisible()

      // The administrator's Staff screen lists the contributor (with two-factor on); axe on it.
      await page.goto('/admin/staff')
      await hydrated(page)
      await expect(page.getByTestId('staff-member').filter({ hasText: name })).toBeVisible()
      await expect(page.getByRole('button', { name: `Reset 2FA of ${name}` })).toBeVisible()
      await expectNoA11yViolations()

      expect(writer.errors, 'console errors in the contributor’s browser').toEqual([])
      expect(editor.errors, 'console errors in the editor’s browser').toEqual([])
    } finally {
      for (const context of contexts) await context.close()
    }
  })

  test('a second save over a newer version shows both side by side, and Keep mine saves it', async ({
    page,
    login,
    createPost,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    await login()
    const post = await createPost({ slug: uniqueSlug('journey-conflict'), content: 'The text both pages opened.' })
    const content = (p: Page) => p.getByRole('textbox', { name: 'Content (Markdown)' })
    const other = await page.context().newPage()
    for (const p of [other, page]) {
      await p.goto(`/admin/blog/edit/${post.id}`)
      await expect(p.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    }
    await saveAfterOtherPage(page, other, content, {
      theirs: 'The first page’s text.',
      mine: 'The second page’s text.',
    })
    const choice = page.getByRole('dialog', { name: 'This post was changed while you were editing' })
    await expect(choice).toBeVisible()
    const sides = choice.getByRole('region', { name: 'Content, side by side' })
    await expect(sides.locator('[data-side="theirs"]')).toContainText('first')
    await expect(sides.locator('[data-side="mine"]')).toContainText('second')
    await expectNoSidewaysScroll(page)
    await expectNoA11yViolations()
    await page.screenshot({ path: `test-results/team-journey-conflict-${width}.png` })
    // Nothing is saved until the writer chooses.
    const stored = async () => ((await (await page.request.get(`/api/blog/id/${post.id}`)).json()) as Post).content
    expect(await stored()).toBe('The first page’s text.')
    await choice.getByRole('button', { name: 'Keep mine' }).click()
    await expectSavedInEditor(page)
    expect(await stored()).toBe('The second page’s text.')
    // The browser logs the 409 the conflict is made of: that, and only that.
    expect(consoleErrors.length).toBeGreaterThan(0)
    for (const error of consoleErrors) expect(error).toMatch(/status of 409/)
    consoleErrors.length = 0
  })
})

/** axe on a colleague's page (the fixture's runs on the administrator's page). */
async function expectNoA11yViolationsOn(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
