import type { Frame, Page } from '@playwright/test'
import { atWidths, expect, hydrated, test, uniqueSlug, violations, watchViolations } from '#tests/e2e/fixtures.ts'

// Issue 32: the editor's Preview shows the post as its public page does (same server rendering,
// components and styles), from unsaved values, at desktop and phone width, and its link card as
// X and LinkedIn show it. docs/decisions/053-post-preview.md

// Two browsers, a server rendering and a generated image: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 })

const CONTENT = [
  '## A heading',
  '',
  'Some **bold** and *italic* text, a [link](/blog) and `code`.',
  '',
  '- one',
  '- two',
  '',
  '> A quote.',
  '',
  '| A | B |',
  '|---|---|',
  '| 1 | 2 |',
].join('\n')

/**
 * The article's HTML, whitespace normalised. The view count is left out on purpose: the reader's
 * page counts its own view (the island raises the number), the preview counts none.
 */
async function articleHtml(target: Page | Frame) {
  return target.locator('article').evaluate((article) => {
    const copy = article.cloneNode(true) as HTMLElement
    for (const count of copy.querySelectorAll('[data-testid="view-count"]')) count.textContent = ''
    return copy.innerHTML.replace(/\s+/g, ' ').replace(/> </g, '><').trim()
  })
}

/** The preview's iframe, once the page posted to it has loaded and its island has run. */
async function previewFrame(page: Page, ready: string) {
  const element = page.getByTestId('preview-frame')
  await expect(element.contentFrame().locator(ready).first()).toBeVisible()
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('no preview frame')
  await hydrated(frame)
  return frame
}

atWidths((width) => {
  test('the preview of a saved post is its public article; unsaved text shows there only', async ({
    page,
    browser,
    baseURL,
    login,
    createPost,
    foreignRequests,
  }) => {
    await watchViolations(page)
    await login()
    const slug = uniqueSlug('preview')
    const post = await createPost({ slug, title: `Preview ${slug}`, content: CONTENT, tags: ['e2e', 'preview'] })

    const reader = await browser.newContext({ baseURL, viewport: { width, height: 900 } })
    const readerPage = await reader.newPage()
    await readerPage.goto(`/blog/${slug}`)
    await hydrated(readerPage)
    const publicHtml = await articleHtml(readerPage)
    const ogUrl = await readerPage.locator('meta[property="og:url"]').getAttribute('content')
    const ogTitle = await readerPage.locator('meta[property="og:title"]').getAttribute('content')
    const host = new URL(ogUrl ?? '').host

    await page.goto(`/admin/blog/edit/${post.id}`)
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled({ timeout: 20_000 })
    const views = async () =>
      ((await (await page.request.get(`/api/blog/id/${post.id}`)).json()) as { viewCount: number }).viewCount
    const viewsBefore = await views()

    // Nothing changed: the preview is the public article, element for element.
    const preview = page.getByRole('button', { name: 'Preview', exact: true })
    await preview.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('preview-dialog')
    await expect(dialog).toBeVisible()
    let frame = await previewFrame(page, 'article')
    expect(await articleHtml(frame)).toBe(publicHtml)
    expect(await frame.evaluate(() => window.innerWidth)).toBe(1440)
    await expect(frame.locator('html')).toHaveAttribute('data-preview', '')
    await page.screenshot({ path: `test-results/preview-desktop-${width}.png` })

    // Phone: the iframe is laid out 390 px wide, so the page's own media queries apply.
    await dialog.getByRole('tab', { name: 'Phone' }).click()
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-mode', 'phone')
    expect(await frame.evaluate(() => window.innerWidth)).toBe(390)
    await page.screenshot({ path: `test-results/preview-phone-${width}.png` })

    // Share: the card's title is the page's og:title, its domain the site's.
    await dialog.getByRole('tab', { name: 'Share' }).click()
    frame = await previewFrame(page, '[data-testid="share-x"]')
    await expect(frame.getByTestId('share-x')).toContainText(ogTitle ?? 'missing')
    await expect(frame.getByTestId('share-x-domain')).toHaveText(`From ${host}`)
    await expect(frame.getByTestId('share-linkedin')).toContainText(ogTitle ?? 'missing')
    await expect(frame.getByTestId('share-linkedin-domain')).toHaveText(host)
    await expect
      .poll(() => frame.locator('[data-testid="share-x"] img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1200)
    await page.screenshot({ path: `test-results/preview-share-${width}.png` })

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Unsaved text: in the preview, not on the public page.
    const unsaved = `Unsaved title ${slug}`
    await page.getByLabel(/^Title/).fill(unsaved)
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    frame = await previewFrame(page, 'article')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(unsaved)
    await readerPage.reload()
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(`Preview ${slug}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // The previews counted no view.
    expect(await views()).toBe(viewsBefore)
    expect(await violations(page)).toEqual([])
    expect(foreignRequests).toEqual([])
    await reader.close()
  })

  test('a new post previews before it is ever saved', async ({ page, login }) => {
    await watchViolations(page)
    await login()
    await page.goto('/admin/blog/create')
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeEnabled({ timeout: 20_000 })
    const title = `Never saved ${uniqueSlug('new')}`
    await page.getByLabel(/^Title/).fill(title)
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const frame = await previewFrame(page, 'article')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(frame.getByTestId('draft-marker')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('preview-dialog')).toBeHidden()
    expect(await violations(page)).toEqual([])
  })
})

test('the preview page is for signed-in staff only, never indexed nor cached', async ({
  playwright,
  baseURL,
  login,
  page,
}) => {
  const visitor = await playwright.request.newContext({ baseURL })
  const get = await visitor.get('/admin/blog/preview', { maxRedirects: 0 })
  expect(get.status()).toBe(302)
  expect(get.headers().location).toMatch(/^\/admin\/login\?next=/)
  const post = await visitor.post('/admin/blog/preview', {
    multipart: { post: JSON.stringify({ title: 'Anonymous' }), view: 'page' },
    maxRedirects: 0,
  })
  expect(post.status()).toBe(302)
  await visitor.dispose()

  await login()
  const signedIn = await page.request.post('/admin/blog/preview', {
    multipart: { post: JSON.stringify({ title: 'Signed in preview', content: 'Hello' }), view: 'page' },
  })
  expect(signedIn.status()).toBe(200)
  expect(signedIn.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(signedIn.headers()['cache-control']).toContain('no-store')
  expect(await signedIn.text()).toContain('Signed in preview')
  const bad = await page.request.post('/admin/blog/preview', { multipart: { post: '{not json', view: 'page' } })
  expect(bad.status()).toBe(400)
})
