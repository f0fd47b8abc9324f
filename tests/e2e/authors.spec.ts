import { atWidths, expect, hydrated, openSettings, test, uniqueSlug } from '#tests/e2e/fixtures.ts'
import { E2E_ADMIN } from '#tests/helpers/server-process.ts'

// Issue 28: a writer's profile, a post's authors, and the public byline that leads to their page.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

atWidths((width) => {
  test('a writer edits their profile, an editor adds them to a post; the public post links to their page, which lists it', async ({
    page,
    browser,
    baseURL,
    login,
    createPost,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(90_000)
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    // A writer joins through an invitation (so the shared admin's own profile stays as it is).
    await login()
    const email = `${uniqueSlug('writer')}@example.com`
    const invited = await page.request.post('/api/admin/staff/invitations', { data: { email, role: 'author' } })
    expect(invited.status()).toBe(201)
    const token = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop()
    await page.context().clearCookies()
    const slug = uniqueSlug('ada')
    const name = `Ada ${slug.slice(-6)}`
    const accepted = await page.request.post(`/api/admin/invitations/${token}/accept`, {
      data: { name, password: 'a long enough passphrase' },
    })
    expect(accepted.status(), await accepted.text()).toBeLessThan(300)

    // The writer edits their own profile.
    await page.goto('/admin/profile')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
    await page.getByLabel('Short bio').fill('Writes about rewarded video and the people who watch it.')
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('img', { name })).toBeVisible()
    await page.getByLabel('Author page address').fill(slug)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('Profile saved', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: /View your author page/ })).toHaveAttribute(
      'href',
      `/blog/author/${slug}`,
    )
    await expectNoA11yViolations()
    await noSideways()
    await page.screenshot({ path: `test-results/profile-${width}.png`, fullPage: true })

    // An editor's post (no free-text author: its staff authors sign it); the writer is put first.
    const post = await createPost({ title: `Co-written ${slug}`, author: null })
    await login()
    await page.goto('/admin/blog')
    await hydrated(page)
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    if (await menu.isVisible()) await menu.click()
    await expect(
      page
        .getByRole('navigation', { name: 'Admin', exact: true })
        .filter({ visible: true })
        .getByRole('link', { name: 'Profile' }),
    ).toHaveAttribute('href', '/admin/profile')
    await page.goto(`/admin/blog/edit/${post.id}`)
    await hydrated(page)
    const authors = (await openSettings(page)).getByRole('region', { name: 'Authors' })
    await expect(authors.getByRole('listitem')).toHaveText([new RegExp(E2E_ADMIN.username)])
    await authors.getByLabel('Add an author').selectOption({ label: name })
    await authors.getByRole('button', { name: 'Add', exact: true }).click()
    await authors.getByRole('button', { name: `Move ${name} up` }).click()
    await authors.getByRole('button', { name: 'Save authors' }).click()
    await expect(page.getByText('Authors saved', { exact: true })).toBeVisible()
    await expect(authors.getByRole('listitem')).toHaveText([new RegExp(name), new RegExp(E2E_ADMIN.username)])
    await noSideways()
    await authors.screenshot({ path: `test-results/post-authors-${width}.png` })

    // A reader: the post names both, linked; the writer's page lists the post.
    const reader = await browser.newContext({ baseURL, viewport: { width, height: 900 } })
    const publicPage = await reader.newPage()
    await publicPage.goto(`/blog/${post.slug}`)
    const byline = publicPage.getByRole('definition').filter({ hasText: name })
    await expect(byline).toHaveText(`${name} and ${E2E_ADMIN.username}`)
    await byline.getByRole('link', { name }).click()
    await expect(publicPage).toHaveURL(`${baseURL}/blog/author/${slug}`)
    await expect(publicPage.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(publicPage.getByText('Writes about rewarded video and the people who watch it.')).toBeVisible()
    await expect(publicPage.getByRole('img', { name: `Portrait of ${name}` })).toBeVisible()
    await expect(publicPage.getByRole('link', { name: post.title })).toBeVisible()
    expect(await publicPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await publicPage.screenshot({ path: `test-results/author-page-${width}.png`, fullPage: true })
    await reader.close()
  })
})
