import { expect, expectNoSidewaysScroll, hydrated, openAdminScreen, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 31, the admin slice: /admin/redirects. A redirect added through the dialog (by keyboard,
// the API's field errors under the fields) shows in the table and sends its old address to the post;
// an edit changes where it goes; a CSV import says what it added, or the line at fault; search keeps
// the URL; a delete asks first; a phone never scrolls sideways.

test.use({ signedIn: true })

for (const width of [1440, 390]) {
  test(`at ${width} px: add, edit, import, follow and delete redirects`, async ({
    page,
    createPost,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tag = uniqueSlug('redir').replace(/[^a-z0-9]/g, '')
    const first = await createPost({ slug: `new-home-${tag}` })
    const second = await createPost({ slug: `newer-home-${tag}` })
    const old = `/2019/05/old-post-${tag}/`
    // The server keeps an old address without its closing slash (and still answers it with one).
    const kept = old.slice(0, -1)

    await page.goto('/admin/blog')
    await hydrated(page)
    await openAdminScreen(page, 'Redirects')
    await expect(page).toHaveURL(/\/admin\/redirects$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible()
    await expect(page.getByText('Old addresses that send visitors and search engines')).toBeVisible()

    // Add, from the keyboard; a bad new address is said under its field, and focus comes back.
    const add = page.getByRole('button', { name: 'Add redirect' })
    await add.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add redirect' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Old address')).toBeFocused()
    await page.keyboard.type(old)
    await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('New address')).toBeFocused()
    await page.keyboard.type('javascript:alert(1)')
    await page.keyboard.press('Enter')
    await expect(dialog.getByLabel('New address')).toHaveAttribute('aria-invalid', 'true')
    await expect(
      dialog.getByText(/Must be a path on this site, like \/blog\/new-post, or an http\(s\) address/),
    ).toBeVisible()
    await dialog.getByLabel('New address').fill(`/blog/${first.slug}`)
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(add).toBeFocused()

    // Search for this test's rows; the address keeps the search.
    await page.getByLabel('Search by address').fill(tag)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    const rows = page.getByRole('row').filter({ hasText: tag })
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(kept)
    await expect(rows.first()).toContainText(`/blog/${first.slug}`)
    await expect(rows.first()).toContainText('Added here')
    await expect(rows.first()).toContainText('Never')
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/redirects.csv?q=${tag}`,
    )

    // Edit: the dialog holds the addresses; the new target is saved.
    const edit = page.getByRole('button', { name: `Edit ${kept}` })
    await edit.click()
    const editing = page.getByRole('dialog', { name: 'Edit redirect' })
    await expect(editing.getByLabel('Old address')).toHaveValue(kept)
    await editing.getByLabel('New address').fill(`/blog/${second.slug}`)
    await editing.getByRole('button', { name: 'Save' }).click()
    await expect(editing).toBeHidden()
    await expect(edit).toBeFocused()
    await expect(rows.first()).toContainText(`/blog/${second.slug}`)

    // Import: two lines go in; a bad line names itself and nothing goes in.
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const importing = page.getByRole('dialog', { name: 'Import redirects' })
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'redirects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`from,to\r\n/a-${tag},/blog/${first.slug}\r\n/b-${tag},https://elsewhere.example.com/b\r\n`),
    })
    await importing.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(importing.getByRole('status')).toHaveText('Added 2, updated 0.')
    await importing.getByRole('button', { name: 'Import another file' }).click()
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`/c-${tag},/blog/${first.slug}\n/d-${tag},javascript:alert(1)\n`),
    })
    await importing.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(importing.getByRole('alert')).toHaveText(/^Line 2: .*Nothing was imported\.$/)
    await page.screenshot({ path: `test-results/admin-redirects-${width}-import.png`, fullPage: true })
    await page.keyboard.press('Escape')
    await expect(importing).toBeHidden()
    await expect(rows).toHaveCount(3)
    // A CSV of one's own counts as added here ('Imported' is for posts brought from WordPress or Ghost).
    await expect(rows.filter({ hasText: `/b-${tag}` })).toContainText('Added here')
    await expect(
      rows
        .filter({ hasText: `/b-${tag}` })
        .getByText('(another site)')
        .filter({ visible: true }),
    ).toHaveCount(1)
    await expect(page.getByRole('row').filter({ hasText: `/c-${tag}` })).toHaveCount(0)

    await expectNoA11yViolations()
    if (width === 390) await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `/tmp/redir-${width}.png`, fullPage: true })

    // Delete asks first; cancelling keeps the row, confirming removes it.
    await page.getByRole('button', { name: `Delete /a-${tag}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this redirect?' })
    await expect(confirm).toContainText(`/a-${tag}`)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(rows).toHaveCount(3)
    await page.getByRole('button', { name: `Delete /a-${tag}` }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rows).toHaveCount(2)
    if (width === 390) await expectNoSidewaysScroll(page)

    // The old address (as a reader types it, with its slash) leads to the post it now points to.
    // (Its hits are counted in batches: tests/integration/redirects.test.ts.)
    await page.goto(old)
    await expect(page).toHaveURL(new RegExp(`/blog/${second.slug}$`))

    // The 400s asked for above (a bad new address, a bad CSV line) are all the browser logged.
    for (let i = consoleErrors.length - 1; i >= 0; i--) {
      if (/status of 400/.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
    }
  })
}
