import { expect, expectNoSidewaysScroll, hydrated, openAdminScreen, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 30, the admin slice: /admin/subscribers. A CSV imported through the dialog (with the
// consent box, by keyboard) shows its result and its rows; search and the state chips filter; the
// export follows the filters; a delete asks first and erases the row; a phone never scrolls sideways.

test.use({ signedIn: true })

for (const width of [1440, 390]) {
  test(`at ${width} px: import a CSV with consent, search, filter by state, export and delete`, async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const tag = uniqueSlug('subs').replace(/[^a-z0-9]/g, '')
    const ada = `ada.${tag}@example.com`
    const bob = `bob.${tag}@example.com`

    await page.goto('/admin/blog')
    await hydrated(page)
    await openAdminScreen(page, 'Subscribers')
    await expect(page).toHaveURL(/\/admin\/subscribers$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible()

    // The dialog opens and works from the keyboard.
    await page.getByRole('button', { name: 'Import CSV' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import subscribers' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'readers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Name,Email\r\nAda,${ada}\r\nNobody,not-an-address\r\nBob,${bob.toUpperCase()}\r\n`),
    })
    // Without the consent box, nothing is sent.
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Confirm that these people consented.')
    await dialog.getByRole('checkbox', { name: /These people consented/ }).focus()
    await page.keyboard.press('Space')
    await expect(dialog.getByRole('checkbox', { name: /These people consented/ })).toBeChecked()
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(dialog.getByRole('status')).toHaveText('2 added, 0 already here, 1 not valid.')
    await expect(dialog.getByRole('list', { name: 'Lines not imported' })).toHaveText(
      'Line 3: Not a valid email address',
    )
    await page.screenshot({ path: `test-results/admin-subscribers-${width}-import.png`, fullPage: true })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Search: only this test's two addresses, pending (imported without 'Mark as confirmed'), from 'Import'.
    await page.getByLabel('Search by address').fill(tag)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    const rows = page.getByRole('row').filter({ hasText: tag })
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: ada })).toContainText('Pending')
    await expect(rows.filter({ hasText: ada })).toContainText('Import')
    await expect(page.getByRole('button', { name: /^Pending/ })).toContainText('2')
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/subscribers.csv?q=${tag}`,
    )
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `test-results/admin-subscribers-${width}.png`, fullPage: true })

    // The state chips filter, and the export follows.
    await page.getByRole('button', { name: /^Confirmed/ }).click()
    await expect(page).toHaveURL(/state=confirmed/)
    await expect(page.getByText('No subscribers match these filters')).toBeVisible()
    await page.getByRole('button', { name: /^Pending/ }).click()
    await expect(rows).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/subscribers.csv?q=${tag}&state=pending`,
    )
    const csv = await page.request.get(`/api/admin/subscribers.csv?q=${tag}&state=pending`)
    expect(await csv.text()).toContain(bob)
    await expectNoA11yViolations()

    // Delete asks first; cancelling keeps the row, confirming erases it.
    await page.getByRole('button', { name: `Delete ${ada}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this subscriber?' })
    await expect(confirm).toContainText(ada)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(rows).toHaveCount(2)
    await page.getByRole('button', { name: `Delete ${ada}` }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(bob)
    await expect(page.getByText(/\d+ erased/)).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
}
