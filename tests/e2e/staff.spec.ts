import { atWidths, expect, hydrated, openAdminScreen, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 28: invite someone, they accept the link and are signed in with their role; what their role
// may not do is refused, and a used link opens nothing.
atWidths((width) => {
  test('an administrator invites an author, who joins through the link and is signed in as an author', async ({
    page,
    browser,
    login,
    expectNoA11yViolations,
  }) => {
    // Two browsers, a sign-up with password hashing and three client-rendered screens: on a
    // loaded CI machine this takes longer than the default 30 s.
    test.setTimeout(90_000)
    await login()
    await page.goto('/admin/blog')
    await hydrated(page)
    await openAdminScreen(page, 'Staff')
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
    await expect(page.getByTestId('staff-member').first()).toBeVisible()

    const email = `${uniqueSlug('writer')}@example.com`
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Role', { exact: true }).selectOption('author')
    await page.getByRole('button', { name: 'Invite' }).click()
    const link = await page.getByLabel('Invitation link').inputValue()
    expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/)
    await expect(page.getByText(email, { exact: true })).toBeVisible()
    // The e2e server has no SMTP_URL: the screen says so, and how to set it up (decision 055).
    await expect(page.getByTestId('mail-not-set-up')).toHaveText(
      'Mail is not set up: copy the link and send it yourself. Set SMTP_URL and MAIL_FROM to send it by email.',
    )
    await expect(page.getByText('Not emailed: mail is not set up (SMTP_URL and MAIL_FROM).').first()).toBeVisible()
    await expectNoA11yViolations()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/staff-${width}.png`, fullPage: true })

    // The invited person, in a browser of their own.
    const theirs = await browser.newContext({ viewport: { width, height: 900 } })
    const invited = await theirs.newPage()
    await invited.goto(new URL(link).pathname)
    await hydrated(invited)
    await expect(invited.getByText(`${email} is invited as Author.`)).toBeVisible()
    await invited.screenshot({ path: `test-results/invite-${width}.png` })
    await invited.getByLabel('Your name').fill('Wren Writer')
    await invited.getByLabel('Password').fill('a writer passphrase')
    await invited.getByRole('button', { name: 'Join and sign in' }).click()
    await expect(invited).toHaveURL(/\/admin\/blog$/)
    const me = await (await invited.request.get('/api/admin/me')).json()
    expect(me).toMatchObject({ name: 'Wren Writer', role: 'author' })
    // An author manages no staff: no Staff link, and the screen itself says why.
    await expect(invited.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    await expect(invited.getByRole('link', { name: 'Staff' })).toHaveCount(0)
    await invited.goto('/admin/staff')
    await expect(invited.getByRole('alert')).toContainText('Your role (Author) cannot manage staff or site settings.')

    // The link works once.
    const again = await (await browser.newContext()).newPage()
    await again.goto(new URL(link).pathname)
    await hydrated(again)
    await expect(again.getByRole('alert')).toContainText('This invitation has already been used. Sign in instead.')
    await theirs.close()
  })
})
