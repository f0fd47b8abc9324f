import type { Page } from '@playwright/test'
import type { Post } from '#common/contract/posts.ts'
import { expect, expectSavedInEditor, hold, openCreate, preferMarkdown, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

// A 1×1 PNG: small enough to read in a failure message, real enough for the markdown renderer.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='

/** A form field by the start of its label ('Excerpt' finds 'Excerpt (optional)'). */
const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}`))
const contentBox = (page: Page) => page.getByRole('textbox', { name: 'Content (Markdown)' })

async function openEdit(page: Page, id: number) {
  await page.goto(`/admin/blog/edit/${id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
}

async function fetchPost(page: Page, slug: string): Promise<Post> {
  const res = await page.request.get(`/api/blog/${slug}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as Post
}

/** After a save on the create screen: on the new post's edit screen with 'Blog Post Created'; the post as stored. */
async function createdPost(page: Page, slug: string): Promise<Post> {
  // The toast first: it comes with the save's answer and stays 5 s, while the edit screen it opens
  // may take longer than that on a loaded machine (it did in CI).
  await expect(page.getByText('Blog Post Created', { exact: true })).toBeVisible()
  await expectSavedInEditor(page)
  return fetchPost(page, slug)
}

/** The save shortcut on Windows and Linux, and on a Mac. */
const SAVE_KEYS = [
  { shortcut: 'Ctrl+S', keys: 'Control+s' },
  { shortcut: 'Cmd+S', keys: 'Meta+s' },
] as const

async function fetchPostById(page: Page, id: number): Promise<Post> {
  const res = await page.request.get(`/api/blog/id/${id}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as Post
}

/** Sends a paste event carrying the given clipboard types, as a browser does for Ctrl+V. */
async function paste(page: Page, data: { 'text/plain'?: string; 'text/html'?: string }) {
  await contentBox(page).evaluate((el, items) => {
    const clipboardData = new DataTransfer()
    for (const [type, value] of Object.entries(items)) if (value !== undefined) clipboardData.setData(type, value)
    ;(el as HTMLTextAreaElement).focus()
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
  }, data)
}

/** Requests the browser reports as failed on purpose in a test (a 404 asked for, an aborted call). */
function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

test.describe('create post', () => {
  test.use({ signedIn: true })

  test('Save as Draft creates an unpublished, human-written post and returns to blog management', async ({ page }) => {
    const slug = uniqueSlug('draft-ui')
    await openCreate(page)
    await expect(page.getByRole('link', { name: 'Back to Blog Management' })).toHaveAttribute('href', '/admin/blog')
    await expect(field(page, 'Author')).toHaveValue('VidQuest Team')
    await field(page, 'Title').fill('A draft written by hand')
    await field(page, 'Slug').fill(slug)
    await field(page, 'Excerpt').fill('Short summary.')
    await contentBox(page).fill('## Hello\n\nBody text.')
    await page.getByRole('button', { name: 'Save as Draft' }).click()

    await expect(page.getByText('Blog post created successfully.', { exact: true })).toBeVisible()
    const post = await createdPost(page, slug)
    expect(post).toMatchObject({
      title: 'A draft written by hand',
      excerpt: 'Short summary.',
      content: '## Hello\n\nBody text.',
      category: 'technology',
      author: 'VidQuest Team',
      isPublished: false,
      aiGenerated: false,
      publishedAt: null,
    })
  })

  test('Publish Now creates a published post with the chosen category, tags and featured image', async ({ page }) => {
    const slug = uniqueSlug('publish-ui')
    await openCreate(page)
    await field(page, 'Title').fill('Published from the editor')
    await field(page, 'Slug').fill(slug)
    await contentBox(page).fill('Some text.')
    await page.getByRole('combobox', { name: 'Category' }).click()
    await expect(page.getByRole('option')).toHaveText(['Technology', 'Company', 'Market Trends', 'New Releases'])
    // Chosen with the keyboard: a click could find the list placed past the screen's edge while the
    // screen below it was still settling (CI, once).
    await page.getByRole('option', { name: 'Market Trends' }).press('Enter')
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Market Trends')
    await field(page, 'Author').fill('Jane Writer')
    await field(page, 'Featured Image URL').fill('/favicon.svg')
    await field(page, 'Tags').fill('video')
    await field(page, 'Tags').press('Enter')
    await page.getByRole('button', { name: 'Publish Now' }).click()

    const post = await createdPost(page, slug)
    expect(post).toMatchObject({
      category: 'market-trends',
      author: 'Jane Writer',
      featuredImage: '/favicon.svg',
      tags: ['video'],
      isPublished: true,
      aiGenerated: false,
    })
    expect(post.publishedAt).not.toBeNull()
  })

  test('the slug follows the title as it is typed', async ({ page }) => {
    await openCreate(page)
    await field(page, 'Title').fill('Gen Z & Rewarded Video!')
    await expect(field(page, 'Slug')).toHaveValue('gen-z-and-rewarded-video')
    await expect(page.getByText('/blog/gen-z-and-rewarded-video')).toBeVisible()
    await expect(page.getByText('A duplicate slug gets a number added (-1, -2).')).toBeVisible()
    // Accented Latin is transliterated; a script no transliteration covers still gets a plain slug.
    await field(page, 'Title').fill('Café crème brûlée')
    await expect(field(page, 'Slug')).toHaveValue('cafe-creme-brulee')
    await field(page, 'Title').fill('日本語のタイトル')
    await expect(field(page, 'Slug')).toHaveValue(/^post-[0-9a-f]{8}$/)
  })

  test('empty title, slug and content show their messages and nothing is sent', async ({ page }) => {
    const creates: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/blog') creates.push(r.url())
    })
    await openCreate(page)
    await page.getByRole('button', { name: 'Publish Now' }).click()
    await expect(page.getByText('Title is required')).toBeVisible()
    await expect(page.getByText('Slug is required')).toBeVisible()
    await expect(page.getByText('Content is required')).toBeVisible()
    await expect(field(page, 'Title')).toBeFocused()
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true')
    expect(creates).toEqual([])

    await field(page, 'Title').fill('Now with a title')
    await expect(page.getByText('Title is required')).toBeHidden()
  })

  test('while a create is pending both buttons are disabled and a second submit sends nothing', async ({ page }) => {
    const slug = uniqueSlug('pending-ui')
    let creates = 0
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/blog', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      creates++
      await held
      await route.continue()
    })
    await openCreate(page)
    await field(page, 'Title').fill('Pending create')
    await field(page, 'Slug').fill(slug)
    await contentBox(page).fill('Text.')
    await page.getByRole('button', { name: 'Publish Now' }).click()
    await expect.poll(() => creates).toBe(1)

    const publishing = page.getByRole('button', { name: 'Publishing...' })
    await expect(publishing).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeDisabled()
    await page.keyboard.press('Control+s')
    await publishing.click({ force: true })
    expect(creates).toBe(1)

    release()
    await expectSavedInEditor(page)
    expect(creates).toBe(1)
    expect((await fetchPost(page, slug)).isPublished).toBe(true)
  })

  test('a taken slug is renamed by the server and the success toast says so', async ({ page, createPost }) => {
    const existing = await createPost({ slug: uniqueSlug('taken') })
    await openCreate(page)
    await field(page, 'Title').fill('Same slug again')
    await field(page, 'Slug').fill(existing.slug)
    await contentBox(page).fill('Text.')
    await page.getByRole('button', { name: 'Save as Draft' }).click()
    expect((await createdPost(page, `${existing.slug}-1`)).title).toBe('Same slug again')
    await expect(
      page.getByText(
        `Blog post created. The slug "${existing.slug}" was already taken, so it was saved as "${existing.slug}-1".`,
        { exact: true },
      ),
    ).toBeVisible()
  })

  test('a create that fails without a server answer shows the fallback message and stays', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/api/blog', (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    )
    await openCreate(page)
    await field(page, 'Title').fill('Will fail')
    await field(page, 'Slug').fill(uniqueSlug('fail'))
    await contentBox(page).fill('Text.')
    await page.getByRole('button', { name: 'Publish Now' }).click()
    await expect(page.getByText('Failed to create blog post. Please try again.', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/blog\/create$/)
    await expect(page.getByRole('button', { name: 'Publish Now' })).toBeEnabled()
    expectConsoleNoise(consoleErrors, /ERR_FAILED/)
  })

  test('a create the server refuses shows the server message', async ({ page, consoleErrors }) => {
    await page.route('**/api/blog', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            json: { success: false, error: 'Could not find a free slug; please choose another one.', fields: {} },
          })
        : route.fallback(),
    )
    await openCreate(page)
    await field(page, 'Title').fill('Refused')
    await field(page, 'Slug').fill(uniqueSlug('refused'))
    await contentBox(page).fill('Text.')
    await page.getByRole('button', { name: 'Save as Draft' }).click()
    await expect(
      page.getByText('Could not find a free slug; please choose another one.', { exact: true }),
    ).toBeVisible()
    expectConsoleNoise(consoleErrors, /status of 409/)
  })

  test('pasting HTML converts it to markdown and fills the empty title, slug and excerpt', async ({ page }) => {
    // The first sentence ends at character 127, after 70% of 160: the excerpt is cut there.
    const body =
      'Brands are moving their budgets from banners to rewarded video, because viewers choose to watch it and stay until the very end. Completion rates pass ninety percent, and the claim step captures consented data.'
    const html = `<meta charset="utf-8"><h1>Rewarded Video Is Eating Display</h1><p>${body}</p><h2>Why it works</h2><p>Some <strong>bold</strong> and <em>italic</em> words with a <a href="https://example.com/study">study</a>.</p><ul><li>Higher completion</li><li>Better recall</li></ul><p><img src="/favicon.svg" alt="Chart"></p>`
    const text = `Rewarded Video Is Eating Display\n${body}\nWhy it works\nSome bold and italic words with a study.\nHigher completion\nBetter recall`
    await openCreate(page)
    await paste(page, { 'text/html': html, 'text/plain': text })

    await expect(contentBox(page)).toHaveValue(
      `# Rewarded Video Is Eating Display\n\n${body}\n\n## Why it works\n\nSome **bold** and *italic* words with a [study](https://example.com/study).\n\n- Higher completion\n- Better recall\n\n![Chart](/favicon.svg)`,
    )
    await expect(field(page, 'Title')).toHaveValue('Rewarded Video Is Eating Display')
    await expect(field(page, 'Slug')).toHaveValue('rewarded-video-is-eating-display')
    await expect(field(page, 'Excerpt')).toHaveValue(
      'Brands are moving their budgets from banners to rewarded video, because viewers choose to watch it and stay until the very end.',
    )
    await expect(page.getByText('Content Processed!', { exact: true })).toBeVisible()
    await expect(
      page.getByText('Detected headers and formatting from your pasted content', { exact: true }),
    ).toBeVisible()
  })

  test('pasting plain text detects headings and lists and keeps fields that already have a value', async ({ page }) => {
    const text =
      'How Brands Win With Rewards\nViewers who opt in to a reward watch to the end, remember the brand and are happy to leave their details for the prize.\nWhat we measured\n• Completion\n• Claims\n• Sales'
    await openCreate(page)
    await field(page, 'Excerpt').fill('My own excerpt.')
    await paste(page, { 'text/plain': text })
    await expect(contentBox(page)).toHaveValue(
      '## How Brands Win With Rewards\n\nViewers who opt in to a reward watch to the end, remember the brand and are happy to leave their details for the prize.\n\n## What we measured\n\n- Completion\n- Claims\n- Sales',
    )
    await expect(field(page, 'Title')).toHaveValue('How Brands Win With Rewards')
    await expect(field(page, 'Slug')).toHaveValue('how-brands-win-with-rewards')
    await expect(field(page, 'Excerpt')).toHaveValue('My own excerpt.')
    await expect(
      page.getByText('Detected headers and formatting from your pasted content', { exact: true }),
    ).toBeVisible()
  })

  test('plain text with some **bold** still has its headings found, and the toast says what was found', async ({
    page,
  }) => {
    const text = [
      'WHY REWARDS WORK',
      'Viewers who choose to watch stay to the end. That is **the whole point** of a rewarded video quest.',
      'Measuring success',
      'Count completions, claims and store visits after each claim, then compare them with display.',
    ].join('\n')
    await openCreate(page)
    await paste(page, { 'text/plain': text })
    await expect(contentBox(page)).toHaveValue(
      '## WHY REWARDS WORK\n\nViewers who choose to watch stay to the end. That is **the whole point** of a rewarded video quest.\n\n## Measuring success\n\nCount completions, claims and store visits after each claim, then compare them with display.',
    )
    await expect(
      page.getByText('Detected headers and formatting from your pasted content', { exact: true }),
    ).toBeVisible()
  })

  for (const width of [1440, 390]) {
    test(`a toast at ${width} px covers neither Save as Draft nor Publish Now, and does not span a phone`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 })
      await openCreate(page)
      const save = page.getByRole('button', { name: 'Save as Draft' })
      const publish = page.getByRole('button', { name: 'Publish Now' })
      await save.scrollIntoViewIfNeeded()
      await paste(page, { 'text/plain': `${'A plain sentence about rewarded video for brands. '.repeat(4)}` })
      const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')
      await expect(toast).toBeVisible()
      await save.scrollIntoViewIfNeeded()
      const box = await toast.boundingBox()
      expect(box).not.toBeNull()
      for (const button of [save, publish]) {
        const b = await button.boundingBox()
        expect(b).not.toBeNull()
        if (!box || !b) continue
        const overlaps =
          box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height
        expect(overlaps, `the toast covers ${await button.textContent()}`).toBe(false)
      }
      if (box) expect(box.width).toBeLessThan(width)
    })
  }

  test('pasting plain prose cleans it up and cuts a long excerpt at a word with an ellipsis', async ({ page }) => {
    const sentence = 'Rewarded video asks for attention and pays it back with something the viewer actually wants'
    const text = `${sentence}, which is why it works so well for brands that sell to young audiences on their phones every day\u00a0and night.`
    await openCreate(page)
    await paste(page, { 'text/plain': text })
    await expect(contentBox(page)).toHaveValue(text.replace('\u00a0', ' '))
    // The one line is too long to be a title, so the title and slug stay empty.
    await expect(field(page, 'Title')).toHaveValue('')
    await expect(field(page, 'Slug')).toHaveValue('')
    const excerpt = await field(page, 'Excerpt').inputValue()
    expect(excerpt.length).toBeLessThanOrEqual(160)
    expect(excerpt).toMatch(/^Rewarded video asks for attention .* young\.\.\.$/)
    await expect(page.getByText('Content pasted and cleaned up', { exact: true })).toBeVisible()
  })

  test('a pasted data image shows as a camera placeholder and is stored as an image of this site on save', async ({
    page,
  }) => {
    const slug = uniqueSlug('data-image')
    const html = `<h2>Chart of the week</h2><p>${'The numbers speak for themselves. '.repeat(4)}</p><p><img src="${PNG_DATA_URL}" alt="Weekly chart"></p>`
    await openCreate(page)
    await field(page, 'Slug').fill(slug)
    await paste(page, { 'text/html': html, 'text/plain': 'x'.repeat(120) })
    await expect(contentBox(page)).toHaveValue(/!\[📷 Weekly chart\]\(data-image:1\)$/)
    expect(await contentBox(page).inputValue()).not.toContain('base64')
    // The preview shows the real picture.
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'Weekly chart' }),
    ).toHaveAttribute('src', PNG_DATA_URL)
    await contentBox(page).press('End')
    await contentBox(page).pressSequentially('\n\nAfter the image.')
    await page.getByRole('button', { name: 'Publish Now' }).click()
    await expectSavedInEditor(page)
    const post = await fetchPost(page, slug)
    expect(post.content).toMatch(
      new RegExp(
        `^## Chart of the week\n\n${'The numbers speak for themselves. '.repeat(4).trim()}\n\n!\\[Weekly chart\\]\\(/images/[0-9a-f]{64}\\.png\\)\n\nAfter the image\\.$`,
      ),
    )
  })

  test('the preview shows the rendered markdown beside the editor', async ({ page }) => {
    await openCreate(page)
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview).toContainText('Nothing to preview yet')
    await contentBox(page).fill(
      '## Live heading\n\nSome **strong** words and a [link](https://example.com).\n\n- one\n- two',
    )
    await expect(preview.getByRole('heading', { level: 2, name: 'Live heading' })).toBeVisible()
    await expect(preview.locator('strong')).toHaveText('strong')
    await expect(preview.getByRole('link', { name: 'link' })).toHaveAttribute('target', '_blank')
    await expect(preview.getByRole('listitem')).toHaveText(['one', 'two'])
    await expect(contentBox(page)).toBeVisible()
  })

  test('on a phone the preview is a tab next to the editor, and both tabs pass axe', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openCreate(page)
    await contentBox(page).fill('## Small screen heading\n\nText.')
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview).toBeHidden()
    await expect(page.getByRole('tab', { name: 'Write', exact: true })).toHaveAttribute('aria-selected', 'true')
    await expectNoA11yViolations()
    await page.getByRole('tab', { name: 'Preview', exact: true }).click()
    await expect(preview.getByRole('heading', { name: 'Small screen heading' })).toBeVisible()
    await expect(contentBox(page)).toBeHidden()
    await expectNoA11yViolations()
    await page.getByRole('tab', { name: 'Write', exact: true }).click()
    await expect(contentBox(page)).toBeVisible()
  })

  test('an unsaved form is kept on the device and offered back after a reload', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await openCreate(page)
    await field(page, 'Title').fill('Work in progress')
    await contentBox(page).fill('Half a thought')
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('vidquest:editor-draft:create')))
      .toContain('Work in progress')

    page.on('dialog', (dialog) => dialog.accept())
    await page.reload()
    const offer = page.getByRole('alertdialog', { name: 'Restore unsaved draft?' })
    await expect(offer).toBeVisible()
    await expect(offer).toContainText('Work in progress')
    await expectNoA11yViolations()
    await offer.getByRole('button', { name: 'Restore' }).click()
    await expect(field(page, 'Title')).toHaveValue('Work in progress')
    await expect(contentBox(page)).toHaveValue('Half a thought')

    await page.reload()
    await page
      .getByRole('alertdialog', { name: 'Restore unsaved draft?' })
      .getByRole('button', { name: 'Discard' })
      .click()
    await expect(field(page, 'Title')).toHaveValue('')
    expect(await page.evaluate(() => localStorage.getItem('vidquest:editor-draft:create'))).toBeNull()
  })

  for (const { shortcut, keys } of SAVE_KEYS) {
    test(`${shortcut} saves the new post as a draft`, async ({ page }) => {
      const slug = uniqueSlug('save-key')
      await openCreate(page)
      await field(page, 'Title').fill(`Saved with ${shortcut}`)
      await field(page, 'Slug').fill(slug)
      await contentBox(page).fill('Text.')
      await contentBox(page).press(keys)
      expect((await createdPost(page, slug)).isPublished).toBe(false)
      // A saved post leaves no local draft behind.
      expect(await page.evaluate(() => localStorage.getItem('vidquest:editor-draft:create'))).toBeNull()
    })
  }

  // What the two AI tabs hold is tested in admin-ai.spec.ts.
  test('Manual Writing is the first of three tabs, open by default', async ({ page }) => {
    await openCreate(page)
    await expect(page.getByRole('tab')).toHaveText(['Manual Writing', 'AI Generation', 'AI Rewriter'])
    await expect(page.getByRole('tab', { name: 'Manual Writing' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'AI Generation' }).click()
    await expect(page.getByRole('tab', { name: 'AI Generation' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeHidden()
    await page.getByRole('tab', { name: 'Manual Writing' }).click()
    await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeEnabled()
  })

  test('Cancel with unsaved changes asks before leaving', async ({ page }) => {
    await openCreate(page)
    await field(page, 'Title').fill('Not finished')
    await page.getByRole('button', { name: 'Cancel' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Keep editing' }).click()
    await expect(field(page, 'Title')).toHaveValue('Not finished')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
  })

  test('the create screen has no accessibility violations', async ({ page, expectNoA11yViolations }) => {
    await openCreate(page)
    await field(page, 'Title').fill('Accessible')
    await field(page, 'Tags').fill('one')
    await field(page, 'Tags').press('Enter')
    await contentBox(page).fill('## A heading\n\nText with a [link](/blog).')
    await expectNoA11yViolations()
    await page.getByRole('button', { name: 'Publish Now' }).focus()
    await page.getByRole('tab', { name: 'AI Generation' }).click()
    await expectNoA11yViolations()
  })
})

test.describe('edit post', () => {
  test.use({ signedIn: true })

  test('the edit screen shows a skeleton while loading, then the post', async ({ page, createPost }) => {
    const post = await createPost({ category: 'company', aiGenerated: false })
    const { release } = await hold(page, `**/api/blog/id/${post.id}`)
    await page.goto(`/admin/blog/edit/${post.id}`)
    await expect(page.getByRole('status').getByText('Loading post…')).toBeAttached()
    release()
    await expect(field(page, 'Title')).toHaveValue(post.title)
    await expect(field(page, 'Slug')).toHaveValue(post.slug)
    await expect(contentBox(page)).toHaveValue(post.content)
    await expect(page.getByText('Human Written')).toBeVisible()
    await expect(page.getByRole('banner').getByText('Company', { exact: true })).toBeVisible()
    // Issue 32: the writing in the centre, the settings beside it.
    const settings = page.getByRole('complementary', { name: 'Post settings' })
    for (const title of ['Metadata', 'Images', 'Internal links', 'Promote', 'History']) {
      await expect(settings.getByRole('heading', { name: title, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible()
    // Only a post rewritten from an article has a Source (admin-ai.spec.ts).
    await expect(page.getByRole('heading', { name: 'Source', exact: true })).toHaveCount(0)
  })

  test('an AI-generated post is marked as such', async ({ page, createPost }) => {
    const post = await createPost({ aiGenerated: true })
    await openEdit(page, post.id)
    await expect(page.getByText('AI Generated')).toBeVisible()
  })

  test('the save button reads Save Changes once the form changes', async ({ page, createPost }) => {
    const post = await createPost()
    await openEdit(page, post.id)
    await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible()
    await field(page, 'Excerpt').fill('A new excerpt.')
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Update Post' })).toBeHidden()
  })

  test('the slug follows the title only while it equals the slug of the title', async ({ page, createPost }) => {
    const stamp = uniqueSlug('rule')
    const post = await createPost({ title: `Slug Rule ${stamp}`, slug: `slug-rule-${stamp}` })
    await openEdit(page, post.id)
    await field(page, 'Title').fill(`Slug Rule ${stamp} Updated!`)
    await expect(field(page, 'Slug')).toHaveValue(`slug-rule-${stamp}-updated`)

    await field(page, 'Slug').fill(`custom-${stamp}`)
    await field(page, 'Title').fill('Another title')
    await expect(field(page, 'Slug')).toHaveValue(`custom-${stamp}`)

    await field(page, 'Slug').fill('')
    await field(page, 'Title').fill('Back to Auto')
    await expect(field(page, 'Slug')).toHaveValue('back-to-auto')
  })

  test('tags are added with Enter or the plus button, without duplicates or blanks, and can be removed', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ tags: ['e2e'] })
    await openEdit(page, post.id)
    const tags = page.getByRole('list', { name: 'Added tags' })
    await field(page, 'Tags').fill('Rewards')
    await field(page, 'Tags').press('Enter')
    await field(page, 'Tags').fill('Gen Z')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await field(page, 'Tags').fill('rewards')
    await field(page, 'Tags').press('Enter')
    await field(page, 'Tags').fill('   ')
    await field(page, 'Tags').press('Enter')
    await expect(tags.getByRole('listitem')).toHaveText(['e2e', 'Rewards', 'Gen Z'])
    await page.getByRole('button', { name: 'Remove tag e2e' }).click()
    await expect(tags.getByRole('listitem')).toHaveText(['Rewards', 'Gen Z'])
    // The status line is announced to screen readers, never left on screen as clutter.
    const status = page.getByText('Removed tag "e2e".', { exact: true })
    await expect(status).toHaveClass(/sr-only/)
    await expect(status).toHaveAttribute('aria-live', 'polite')

    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expectSavedInEditor(page)
    expect((await fetchPostById(page, post.id)).tags).toEqual(['Rewards', 'Gen Z'])
  })

  test('the Published switch and Update Blog Post save the post and stay in the editor', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({ isPublished: false })
    await openEdit(page, post.id)
    const published = page.getByRole('switch', { name: 'Published' })
    await expect(published).not.toBeChecked()
    await published.click()
    await expect(published).toBeChecked()
    await field(page, 'Title').fill('Updated and published')
    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(page.getByText('Post Updated', { exact: true })).toBeVisible()
    await expectSavedInEditor(page)
    const saved = await fetchPostById(page, post.id)
    expect(saved).toMatchObject({ title: 'Updated and published', isPublished: true })
    expect(saved.publishedAt).not.toBeNull()
  })

  for (const { shortcut, keys } of SAVE_KEYS) {
    test(`${shortcut} saves the changes`, async ({ page, createPost }) => {
      const post = await createPost()
      await openEdit(page, post.id)
      await field(page, 'Excerpt').fill(`Saved with ${shortcut}.`)
      await field(page, 'Excerpt').press(keys)
      await expectSavedInEditor(page)
      expect((await fetchPostById(page, post.id)).excerpt).toBe(`Saved with ${shortcut}.`)
    })
  }

  test('empty required fields give the validation error and nothing is sent', async ({ page, createPost }) => {
    const post = await createPost()
    const updates: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT') updates.push(r.url())
    })
    await openEdit(page, post.id)
    await field(page, 'Title').fill('')
    await contentBox(page).fill('')
    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Validation Error' })).toHaveText(
      'Validation Error: Title, slug, and content are required fields.',
    )
    await expect(page.getByText('Title is required')).toBeVisible()
    await expect(page.getByText('Content is required')).toBeVisible()
    expect(updates).toEqual([])
  })

  test('a failed update says so and stays on the form', async ({ page, createPost, consoleErrors }) => {
    const post = await createPost()
    await page.route(`**/api/blog/${post.id}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('failed') : route.fallback(),
    )
    await openEdit(page, post.id)
    await field(page, 'Excerpt').fill('Will not be saved.')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Failed to update blog post.', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`))
    expectConsoleNoise(consoleErrors, /ERR_FAILED/)
  })

  test('a slug used by another post is refused next to the slug field', async ({ page, createPost, consoleErrors }) => {
    const other = await createPost()
    const post = await createPost()
    await openEdit(page, post.id)
    await field(page, 'Slug').fill(other.slug)
    await page.getByRole('button', { name: 'Update Blog Post' }).click()
    await expect(page.getByText('Failed to update blog post.', { exact: true })).toBeVisible()
    await expect(page.getByText('This slug is already used by another post')).toBeVisible()
    expectConsoleNoise(consoleErrors, /status of 409/)
  })

  test('a post that does not exist shows Post Not Found with a way back', async ({
    page,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    await page.goto('/admin/blog/edit/2147483000')
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible()
    await expect(page.getByText("The blog post you're trying to edit doesn't exist.")).toBeVisible()
    await expectNoA11yViolations()
    await page.getByRole('link', { name: 'Back to Blog Management' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    expectConsoleNoise(consoleErrors, /status of 404/)
  })

  test('an id that is not a number shows Invalid route', async ({ page, expectNoA11yViolations }) => {
    const response = await page.goto('/admin/blog/edit/not-a-number')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Invalid route' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Blog Management' })).toHaveAttribute('href', '/admin/blog')
    await expectNoA11yViolations()
  })

  test('leaving with unsaved changes asks first', async ({ page, createPost, expectNoA11yViolations }) => {
    const post = await createPost()
    await openEdit(page, post.id)
    await field(page, 'Title').fill('Changed but not saved')
    await page.getByRole('link', { name: 'Back to Blog Management' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await expect(dialog).toContainText('You have unsaved changes.')
    await expectNoA11yViolations()
    await dialog.getByRole('button', { name: 'Keep editing' }).click()
    await expect(dialog).toBeHidden()
    await expect(field(page, 'Title')).toHaveValue('Changed but not saved')

    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    expect((await fetchPostById(page, post.id)).title).toBe(post.title)
  })

  test('reloading with unsaved changes makes the browser ask first; without changes it does not', async ({
    page,
    createPost,
  }) => {
    const post = await createPost()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.accept()
    })
    await openEdit(page, post.id)
    // The browser only asks on a page the user has interacted with: click in both cases.
    await field(page, 'Excerpt').click()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    expect(dialogs).toEqual([])

    await field(page, 'Excerpt').click()
    await field(page, 'Excerpt').fill('Changed, then the tab reloads.')
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible()
    await page.reload()
    expect(dialogs).toEqual(['beforeunload'])
    // Leaving anyway keeps the change on the device (written as the page goes away), offered back.
    const offer = page.getByRole('alertdialog', { name: 'Restore unsaved draft?' })
    await offer.getByRole('button', { name: 'Discard' }).click()
    await expect(offer).toBeHidden()
    await expect(field(page, 'Excerpt')).toHaveValue(post.excerpt ?? '')
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
  })

  test('an unsaved edit is kept on the device under edit:<id> and offered back after a reload', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    const post = await createPost()
    const key = `vidquest:editor-draft:edit:${post.id}`
    await openEdit(page, post.id)
    await field(page, 'Title').fill('Edited, kept on the device')
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toContain('Edited, kept on the device')

    page.on('dialog', (dialog) => dialog.accept())
    await page.reload()
    const offer = page.getByRole('alertdialog', { name: 'Restore unsaved draft?' })
    await expect(offer).toContainText('Changes to “Edited, kept on the device”')
    await expectNoA11yViolations()
    await offer.getByRole('button', { name: 'Restore' }).click()
    await expect(offer).toBeHidden()
    await expect(field(page, 'Title')).toHaveValue('Edited, kept on the device')
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible()
    // Only on the device so far: the server still has the saved title.
    expect((await fetchPostById(page, post.id)).title).toBe(post.title)

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectSavedInEditor(page)
    expect((await fetchPostById(page, post.id)).title).toBe('Edited, kept on the device')
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull()
  })

  test('the preview renders the same HTML with the same typography as the public post page', async ({
    page,
    createPost,
  }) => {
    const content = [
      '# Heading one',
      'A paragraph with **bold**, *italic* and a [link](https://example.com/study).',
      '## Heading two',
      '### Heading three',
      '#### Heading four',
      '- first point\n- second point',
      '1. step one\n2. step two',
      '> A quoted line.',
      '![Our chart](/favicon.svg "The chart caption")',
      'Some `inline code` to close.',
    ].join('\n\n')
    const post = await createPost({ content, isPublished: true })

    type Rendered = { html: string; classes: string; h2: string; p: string }
    const read = (el: Element): Rendered => {
      const style = (sel: string, prop: 'fontSize' | 'marginTop') => {
        const target = el.querySelector(sel)
        return target ? getComputedStyle(target)[prop] : 'missing'
      }
      return {
        html: el.innerHTML,
        classes: el.getAttribute('class') ?? '',
        h2: style('h2', 'fontSize'),
        p: style('p', 'marginTop'),
      }
    }

    await page.goto(`/blog/${post.slug}`)
    const published = await page.getByTestId('article-body').evaluate(read)
    expect(published.html).toContain('<figcaption>The chart caption</figcaption>')

    await openEdit(page, post.id)
    const preview = page.getByRole('region', { name: 'Preview' }).getByTestId('markdown-preview')
    await expect(preview.getByRole('heading', { level: 1, name: 'Heading one' })).toBeVisible()
    const previewed = await preview.evaluate(read)
    expect(previewed).toEqual(published)
  })

  test('an embedded image, stored on save, stays as it is when the post is edited', async ({ page, createPost }) => {
    const post = await createPost({ content: `Intro.\n\n![Team photo](${PNG_DATA_URL} "Our team")\n\nOutro.` })
    const content = post.content
    expect(content).toMatch(/^Intro\.\n\n!\[Team photo\]\(\/images\/[0-9a-f]{64}\.png "Our team"\)\n\nOutro\.$/)
    await openEdit(page, post.id)
    await expect(contentBox(page)).toHaveValue(content)
    await contentBox(page).press('Control+Home')
    await contentBox(page).pressSequentially('New first line.\n\n')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectSavedInEditor(page)
    expect((await fetchPostById(page, post.id)).content).toBe(`New first line.\n\n${content}`)
  })

  test('the edit screen has no accessibility violations', async ({ page, createPost, expectNoA11yViolations }) => {
    const post = await createPost({ content: '## Section\n\nText with **bold**.' })
    await openEdit(page, post.id)
    await expectNoA11yViolations()
  })
})
