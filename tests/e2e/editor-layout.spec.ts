import { expect, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 32: writing first. The title and the body are the centre of the editor; the post's settings
// are in a panel beside them that folds away, or in a sheet on a phone.
test.use({ signedIn: true })

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the settings sit beside the writing, fold away, and stay folded on this device', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ isPublished: false, content: 'Three little words.' })
    await page.goto(`/admin/blog/edit/${post.id}`)
    const panel = page.getByRole('complementary', { name: 'Post settings' })
    const toggle = page.getByRole('button', { name: 'Settings', exact: true })
    await expect(panel.getByLabel('Slug')).toHaveValue(post.slug)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // The writing is on the left of the panel, the title above the body.
    const title = await page.getByLabel('Title').boundingBox()
    const body = await page.getByRole('textbox', { name: 'Content', exact: true }).boundingBox()
    const side = await panel.boundingBox()
    expect(title && body && side).toBeTruthy()
    if (!title || !body || !side) return
    expect(title.y).toBeLessThan(body.y)
    expect(body.x + body.width).toBeLessThanOrEqual(side.x)
    // An opened post counts its words at once.
    await expect(page.getByTestId('word-count')).toHaveText(/^3 words/)

    await toggle.click()
    await expect(panel).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    await expect(page.getByRole('complementary', { name: 'Post settings' })).toBeHidden()
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await expect(page.getByRole('complementary', { name: 'Post settings' }).getByLabel('Slug')).toBeVisible()
  })
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the settings are a sheet: opened from the bar, closed with Escape, their changes saved', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ isPublished: false })
    await page.goto(`/admin/blog/edit/${post.id}`)
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    await expect(page.getByLabel('Title')).toBeVisible()
    await expect(page.getByLabel('Slug')).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    const toggle = page.getByRole('button', { name: 'Settings', exact: true })
    await toggle.click()
    const sheet = page.getByRole('dialog', { name: 'Post settings' })
    await sheet.getByLabel('Excerpt').fill('Written in the sheet.')
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(toggle).toBeFocused()

    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible()
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/blog/id/${post.id}`)).json()) as { excerpt: string }).excerpt,
      )
      .toBe('Written in the sheet.')
  })

  test('a save refused for a field in the sheet opens the sheet at the error', async ({
    page,
    createPost,
    consoleErrors,
  }) => {
    const taken = await createPost({ slug: uniqueSlug('taken') })
    const post = await createPost({ isPublished: false })
    await page.goto(`/admin/blog/edit/${post.id}`)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Post settings' })
    await sheet.getByLabel('Slug').fill(taken.slug)
    await sheet.getByRole('button', { name: 'Close settings' }).click()
    await expect(sheet).toBeHidden()

    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(sheet).toBeVisible()
    await expect(sheet.getByText('This slug is already used by another post')).toBeVisible()
    // The 409 of the refused save, asked for on purpose.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 409/.test(e)))
  })
})
