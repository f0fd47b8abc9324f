import type { Page } from '@playwright/test'
import { expect, hold, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

/** The toast area (Radix also copies toasts into a hidden live region: this avoids the copy). */
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ })

/** A word no other test uses, to search this test's posts out of the shared list. */
const marker = (prefix: string) => uniqueSlug(prefix).replace(/-/g, '')

const table = (page: Page) => page.getByRole('table')
const bodyRows = (page: Page) => table(page).locator('tbody tr')

async function openBlog(page: Page) {
  await page.goto('/admin/blog')
  await expect(page.getByRole('heading', { level: 2, name: /^Blog Posts \(\d+\)$/ })).toBeVisible()
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(text)
}

async function pick(page: Page, filter: 'Filter by category' | 'Filter by status', option: string) {
  await page.getByRole('combobox', { name: filter }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

function expectConsoleErrors(errors: string[], pattern: RegExp) {
  expect(errors.filter((e) => pattern.test(e)).length, `console errors matching ${pattern}`).toBeGreaterThan(0)
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)))
}

test.describe('blog management', () => {
  test.use({ signedIn: true })

  test('shows the title, subtitle, header actions, four summary cards and the table columns, with no axe violations and no request to another host', async ({
    page,
    foreignRequests,
    expectNoA11yViolations,
  }) => {
    await openBlog(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    await expect(page.getByText('Create, manage, and publish your blog posts')).toBeVisible()
    await expect(page.getByRole('link', { name: 'New Blog Post' })).toHaveAttribute('href', '/admin/blog/create')
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    for (const label of ['Total Posts', 'Published', 'Drafts', 'AI Generated']) {
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible()
    }
    await expect(page.getByRole('definition')).toHaveCount(4)
    await expect(page.getByRole('definition').first()).toHaveText(/^\d[\d,]*$/)
    const headers = await table(page).getByRole('columnheader').allTextContents()
    expect(headers).toEqual(['Title', 'Author', 'Category', 'Status', 'Views', 'Created', 'Actions'])
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveAttribute(
      'placeholder',
      'Search posts...',
    )
    await expect(page.getByRole('combobox', { name: 'Filter by category' })).toHaveText('All Categories')
    await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText('All Status')
    // Every AI tool works (issue 11 §2): no placeholder for them, or for anything else.
    await expect(page.locator('body')).not.toContainText(/coming soon/i)
    await expectNoA11yViolations()
    expect(foreignRequests, 'requests to other hosts').toEqual([])
  })

  test('the summary cards count total, published, drafts and AI generated posts', async ({ page, createPost }) => {
    await openBlog(page)
    const value = (label: string) =>
      page.locator('dl').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    const count = async (label: string) =>
      Number((await value(label).getByRole('definition').textContent())?.replace(/,/g, ''))
    const read = async () => ({
      total: await count('Total Posts'),
      published: await count('Published'),
      drafts: await count('Drafts'),
      ai: await count('AI Generated'),
    })
    const before = await read()
    await createPost({ isPublished: false, aiGenerated: true })
    await page.reload()
    await expect(value('Total Posts').getByRole('definition')).toHaveText(String(before.total + 1))
    expect(await read()).toEqual({
      total: before.total + 1,
      published: before.published,
      drafts: before.drafts + 1,
      ai: before.ai + 1,
    })
  })

  test('the search matches title, excerpt or author, ignoring case', async ({ page, createPost }) => {
    const word = marker('find')
    await createPost({ title: `Title with ${word}` })
    await createPost({ excerpt: `An excerpt holding ${word} in it.` })
    await createPost({ author: `Author ${word}` })
    await createPost({ title: 'Unrelated post', excerpt: 'Nothing to see.' })
    await openBlog(page)
    await search(page, word.toUpperCase())
    await expect(page.getByRole('heading', { level: 2, name: 'Blog Posts (3)' })).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(3)
    await search(page, `${word}-nothing-matches`)
    await expect(page.getByRole('heading', { level: 2, name: 'Blog Posts (0)' })).toBeVisible()
    await expect(table(page).getByText('No blog posts found matching your criteria.')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('')
  })

  test('the category filter lists All Categories and each distinct category, and keeps only the chosen one', async ({
    page,
    createPost,
  }) => {
    const word = marker('cat')
    await createPost({ title: `${word} company`, category: 'company' })
    await createPost({ title: `${word} trends`, category: 'market-trends' })
    await openBlog(page)
    await page.getByRole('combobox', { name: 'Filter by category' }).click()
    await expect(page.getByRole('option', { name: 'All Categories' })).toBeVisible()
    await expect(page.getByRole('option', { name: 'Company', exact: true })).toBeVisible()
    await expect(page.getByRole('option', { name: 'Market Trends', exact: true })).toBeVisible()
    await page.getByRole('option', { name: 'Market Trends', exact: true }).click()
    await search(page, word)
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(bodyRows(page).first()).toContainText(`${word} trends`)
    await expect(bodyRows(page).first()).toContainText('Market Trends')
    await pick(page, 'Filter by category', 'All Categories')
    await expect(bodyRows(page)).toHaveCount(2)
  })

  test('the status filter asks the server for published=true or published=false and shows only those posts', async ({
    page,
    createPost,
  }) => {
    const word = marker('status')
    await createPost({ title: `${word} live`, isPublished: true })
    await createPost({ title: `${word} draft`, isPublished: false })
    await openBlog(page)
    await search(page, word)
    await expect(bodyRows(page)).toHaveCount(2)

    for (const [option, published, title, badge] of [
      ['Drafts', false, 'draft', 'Draft'],
      ['Published', true, 'live', 'Published'],
    ] as const) {
      const asked = page.waitForRequest((r) => r.url().endsWith(`/api/blog?published=${published}`))
      await pick(page, 'Filter by status', option)
      await asked
      await expect(bodyRows(page)).toHaveCount(1)
      await expect(bodyRows(page).first()).toContainText(`${word} ${title}`)
      await expect(bodyRows(page).first().getByText(badge, { exact: true })).toBeVisible()
    }

    await pick(page, 'Filter by status', 'All Status')
    await expect(bodyRows(page)).toHaveCount(2)
  })

  test('a row shows the thumbnail, title, excerpt, AI or person icon, author or team name, badge, views and created time', async ({
    page,
    createPost,
  }) => {
    const word = marker('cells')
    await createPost({
      title: `${word} by AI`,
      excerpt: 'Written by the machine.',
      author: null,
      aiGenerated: true,
      isPublished: false,
      category: 'new-releases',
      featuredImage: '/favicon.svg',
    })
    await createPost({ title: `${word} by a person`, author: 'Pat Writer', category: null })
    await openBlog(page)
    await search(page, word)
    const ai = bodyRows(page).filter({ hasText: `${word} by AI` })
    await expect(ai.locator('img')).toHaveAttribute('src', '/favicon.svg')
    await expect(ai.getByText('Written by the machine.')).toBeVisible()
    await expect(ai.getByRole('img', { name: 'AI generated' })).toBeVisible()
    await expect(ai.getByText('VidQuest Team')).toBeVisible()
    await expect(ai.getByText('New Releases')).toBeVisible()
    await expect(ai.getByText('Draft', { exact: true })).toBeVisible()
    await expect(ai.getByRole('cell', { name: '0', exact: true })).toBeVisible()
    await expect(ai.getByText('less than a minute ago')).toBeVisible()

    const person = bodyRows(page).filter({ hasText: `${word} by a person` })
    await expect(person.getByRole('img', { name: 'Written by a person' })).toBeVisible()
    await expect(person.getByText('Pat Writer')).toBeVisible()
    await expect(person.getByText('Published', { exact: true })).toBeVisible()
    await expect(person.locator('img')).toHaveCount(0)
  })

  test('shows 5 skeleton rows while the list loads', async ({ page }) => {
    const { release } = await hold(page, '**/api/blog')
    await page.goto('/admin/blog')
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(5)
    await expect(page.getByRole('heading', { level: 2, name: /^Blog Posts \(/ })).toHaveCount(0)
    release()
    await expect(page.getByRole('heading', { level: 2, name: /^Blog Posts \(\d+\)$/ })).toBeVisible()
  })

  test('Publish Now publishes a draft and Move to Drafts unpublishes it, each with its toast', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ title: `${marker('pub')} draft to publish`, isPublished: false })
    await openBlog(page)
    await search(page, post.title)
    const row = bodyRows(page).filter({ hasText: post.title })
    await expect(row.getByText('Draft', { exact: true })).toBeVisible()

    await row.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Publish Now' }).click()
    await expect(toast(page).getByText('Published', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Blog post published successfully!', { exact: true })).toBeVisible()
    await expect(row.getByText('Published', { exact: true })).toBeVisible()
    expect((await (await page.request.get(`/api/blog/${post.slug}`)).json()).isPublished).toBe(true)

    await row.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Move to Drafts' }).click()
    await expect(toast(page).getByText('Unpublished', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Blog post moved to drafts.', { exact: true })).toBeVisible()
    await expect(row.getByText('Draft', { exact: true })).toBeVisible()
  })

  test('the row menu is operable from the keyboard', async ({ page, createPost }) => {
    const post = await createPost({ title: `${marker('keys')} keyboard post`, isPublished: true })
    await openBlog(page)
    await search(page, post.title)
    const trigger = page.getByRole('button', { name: `Actions for ${post.title}` })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: /View Post/ })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Move to Drafts' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toast(page).getByText('Blog post moved to drafts.', { exact: true })).toBeVisible()
    await trigger.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(trigger).toBeFocused()
  })

  test('View Post opens the public post in a new tab and Edit opens the edit screen', async ({
    page,
    context,
    createPost,
  }) => {
    const post = await createPost({ title: `${marker('links')} linked post` })
    await openBlog(page)
    await search(page, post.title)
    await page.getByRole('button', { name: `Actions for ${post.title}` }).click()
    const view = page.getByRole('menuitem', { name: /View Post/ })
    await expect(view).toHaveAttribute('href', `/blog/${post.slug}`)
    await expect(view).toHaveAttribute('target', '_blank')
    const opened = context.waitForEvent('page')
    await view.click()
    const tab = await opened
    await expect(tab).toHaveURL(new RegExp(`/blog/${post.slug}$`))
    await tab.close()

    await page.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`))
  })

  test('New Blog Post opens the create screen', async ({ page }) => {
    await openBlog(page)
    await page.getByRole('link', { name: 'New Blog Post' }).click()
    await expect(page).toHaveURL(/\/admin\/blog\/create$/)
  })

  test('Delete asks first: Cancel keeps the post, Delete removes it with a toast', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    const post = await createPost({ title: `${marker('del')} "quoted" post to delete` })
    await openBlog(page)
    await search(page, post.title)
    const row = bodyRows(page).filter({ hasText: post.title })

    await row.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete Blog Post' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`Are you sure you want to delete "${post.title}"? This action cannot be undone.`)
    await expectNoA11yViolations()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(row).toBeVisible()

    await row.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page).getByText('Success', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Blog post deleted successfully.', { exact: true })).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(row).toHaveCount(0)
    await expect(table(page).getByText('No blog posts found matching your criteria.')).toBeVisible()
    expect((await page.request.get(`/api/blog/id/${post.id}`)).status()).toBe(404)
  })

  test('failed publish, unpublish and delete each say Error with their own message', async ({
    page,
    createPost,
    consoleErrors,
  }) => {
    const draft = await createPost({ title: `${marker('fail')} draft`, isPublished: false })
    const live = await createPost({ title: draft.title.replace('draft', 'live'), isPublished: true })
    await page.route(/\/api\/blog\/\d+(\/(publish|unpublish))?$/, (route) =>
      ['POST', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.', fields: {} } })
        : route.continue(),
    )
    await openBlog(page)
    await search(page, draft.title.replace(' draft', ''))
    await expect(bodyRows(page)).toHaveCount(2)

    /** The one toast carrying this description, so its title is checked on it and not on an older one. */
    const toastWith = (description: string) => toast(page).locator('li').filter({ hasText: description })

    await page.getByRole('button', { name: `Actions for ${draft.title}` }).click()
    await page.getByRole('menuitem', { name: 'Publish Now' }).click()
    await expect(toastWith('Failed to publish blog post.').getByText('Error', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: `Actions for ${live.title}` }).click()
    await page.getByRole('menuitem', { name: 'Move to Drafts' }).click()
    await expect(toastWith('Failed to unpublish blog post.').getByText('Error', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: `Actions for ${live.title}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(toastWith('Failed to delete blog post.').getByText('Error', { exact: true })).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(2)
    expectConsoleErrors(consoleErrors, /status of 500/)
  })

  test('the list is fetched again after a change, and not when the window regains focus', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ title: `${marker('refetch')} refetched post`, isPublished: true })
    const lists: string[] = []
    const statuses: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path === '/api/blog' && r.method() === 'GET') lists.push(r.url())
      if (path === '/api/admin/status') statuses.push(r.url())
    })
    await openBlog(page)
    const listsAtStart = lists.length

    const status = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/status')
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await status
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    expect(lists.length).toBe(listsAtStart)

    await search(page, post.title)
    const refetch = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/blog' && r.method() === 'GET')
    await page.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await page.getByRole('menuitem', { name: 'Move to Drafts' }).click()
    await refetch
    await expect(bodyRows(page).filter({ hasText: post.title }).getByText('Draft', { exact: true })).toBeVisible()
  })

  test('on a phone the posts are cards instead of a table, the page does not scroll sideways, and axe passes', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    const post = await createPost({ title: `${marker('phone')} phone post`, isPublished: false })
    await page.setViewportSize({ width: 390, height: 844 })
    await openBlog(page)
    await expect(page.getByRole('link', { name: 'New Blog Post' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await search(page, post.title)
    await expect(table(page)).toBeHidden()
    const card = page.getByRole('article', { name: post.title })
    await expect(card.getByRole('heading', { level: 3, name: post.title })).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoA11yViolations()
    await card.getByRole('button', { name: `Actions for ${post.title}` }).click()
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible()
  })

  test('the header links to the contact inbox with the number of submissions', async ({ page }) => {
    const { total } = await (await page.request.get('/api/admin/contact-submissions?pageSize=1')).json()
    await openBlog(page)
    const link = page.getByRole('link', { name: new RegExp(`^Contact Inbox.*\\(${total} submissions?\\)$`) })
    await expect(link).toBeVisible()
    await link.click()
    await expect(page).toHaveURL(/\/admin\/contacts$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Inbox' })).toBeVisible()
  })
})
