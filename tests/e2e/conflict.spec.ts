import type { Page } from '@playwright/test'
import {
  atWidths,
  expect,
  expectSavedInEditor,
  preferMarkdown,
  saveAfterOtherPage,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

// Issue 28 (docs/decisions/047-post-versions.md): two tabs edit the same post; the second save meets
// the first one's version and shows both side by side, and each choice works. Nothing is saved
// until the writer chooses.

const contentBox = (page: Page) => page.getByRole('textbox', { name: 'Content (Markdown)' })
const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'This post was changed while you were editing' })

/** The browser logs the 409 the conflict is made of: expected here, and only that. */
function expectConflictLogged(consoleErrors: string[]) {
  expect(consoleErrors.length).toBeGreaterThan(0)
  for (const error of consoleErrors) expect(error).toMatch(/status of 409/)
  consoleErrors.length = 0
}

async function openEdit(page: Page, id: number) {
  await page.goto(`/admin/blog/edit/${id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
}

async function savedContent(page: Page, id: number) {
  const res = await page.context().request.get(`/api/blog/id/${id}`)
  return ((await res.json()) as { content: string; version: number }).content
}

atWidths((width) => {
  /** Tab one saves "One's text"; tab two, opened at the same version, saves "Two's text": the dialog. */
  async function conflictingSave(page: Page, createPost: (input: object) => Promise<{ id: number }>) {
    const post = await createPost({ slug: uniqueSlug('conflict'), content: 'The text both tabs opened.' })
    const other = await page.context().newPage()
    await openEdit(other, post.id)
    // The first tab is in the background now; a writer looks at the tab they type in.
    await page.bringToFront()
    await openEdit(page, post.id)
    await saveAfterOtherPage(page, other, contentBox, {
      theirs: "One's text, saved first.",
      mine: "Two's text, saved second.",
    })
    const dialog = conflictDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('e2e-admin saved version 2')
    const content = dialog.getByRole('region', { name: 'Content, side by side' })
    await expect(content.locator('[data-side="theirs"] del', { hasText: 'One' })).toBeVisible()
    await expect(content.locator('[data-side="mine"] ins', { hasText: 'Two' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`))
    expect(await savedContent(page, post.id)).toBe("One's text, saved first.")
    return post
  }

  test('Keep mine saves over the other version, which stays in the history; Escape first saves nothing', async ({
    page,
    login,
    createPost,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    await login()
    const post = await conflictingSave(page, createPost)
    const dialog = conflictDialog(page)
    // Side by side on a wide screen, one above the other on a phone, never sideways scrolling.
    const [theirs, mine] = await Promise.all(
      ['theirs', 'mine'].map((side) =>
        dialog.getByRole('region', { name: 'Content, side by side' }).locator(`[data-side="${side}"]`).boundingBox(),
      ),
    )
    if (width >= 768) expect(mine!.x).toBeGreaterThan(theirs!.x + theirs!.width - 1)
    else expect(mine!.y).toBeGreaterThan(theirs!.y + theirs!.height - 1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await expectNoA11yViolations()
    await page.screenshot({ path: `test-results/conflict-${width}.png` })

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await savedContent(page, post.id)).toBe("One's text, saved first.")

    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Keep mine' }).click()
    await expectSavedInEditor(page)
    expect(await savedContent(page, post.id)).toBe("Two's text, saved second.")
    expectConflictLogged(consoleErrors)
    const revisions = await page.context().request.get(`/api/blog/${post.id}/revisions`)
    expect(((await revisions.json()) as { revisions: unknown[] }).revisions).toHaveLength(3)
  })

  test('Take theirs, chosen with the keyboard, loads the other version into the form without saving', async ({
    page,
    login,
    createPost,
    consoleErrors,
  }) => {
    await login()
    const post = await conflictingSave(page, createPost)
    const dialog = conflictDialog(page)
    // Tab moves through the dialog's buttons (focus stays inside it) until 'Take theirs'.
    const take = dialog.getByRole('button', { name: 'Take theirs' })
    for (let i = 0; i < 12 && !(await take.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(take).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(contentBox(page)).toHaveValue("One's text, saved first.")
    expect(await savedContent(page, post.id)).toBe("One's text, saved first.")

    // Based on their version now: the next save goes through.
    await contentBox(page).fill("One's text, then Two's edit.")
    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expectSavedInEditor(page)
    expect(await savedContent(page, post.id)).toBe("One's text, then Two's edit.")
    expectConflictLogged(consoleErrors)
  })

  test('Merge by hand saves the text the writer made of both', async ({ page, login, createPost, consoleErrors }) => {
    await login()
    const post = await conflictingSave(page, createPost)
    const dialog = conflictDialog(page)
    await dialog.getByRole('button', { name: 'Merge by hand' }).click()
    const merged = dialog.getByLabel('Merged content')
    await expect(merged).toHaveValue("Two's text, saved second.")
    await expect(dialog.getByText("One's text, saved first.")).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/conflict-merge-${width}.png` })
    await merged.fill("One's text, saved first. Two's text, saved second.")
    await dialog.getByRole('button', { name: 'Save merged version' }).click()
    await expectSavedInEditor(page)
    expect(await savedContent(page, post.id)).toBe("One's text, saved first. Two's text, saved second.")
    expectConflictLogged(consoleErrors)
  })
})
