import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { formatDate } from '#app/lib/dates.ts'
import type { Post } from '#common/contract/posts.ts'
import { tweetText, type XPost, type XPostAnalytics, xIntentUrl } from '#common/contract/x-posts.ts'
import { createPostOn, expect, hold, PERSON_UA, serverWithFakeX, test } from '#tests/e2e/fixtures.ts'

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const BOT_UA = 'Twitterbot/1.0'

const panel = (page: Page) => page.getByRole('region', { name: /^X posts/ })
const xPostCards = (page: Page) => panel(page).getByRole('article')
const generateButton = (page: Page) => panel(page).getByRole('button', { name: 'Generate X Post' })
/** Issue 29: X's row sits in the Promote panel, whose one custom content field every network's Generate reads. */
const promote = (page: Page) => page.getByRole('region', { name: 'Promote' })
const customContentBox = (page: Page) => promote(page).getByRole('textbox', { name: 'Custom content (optional)' })
/** The toast region: its title and description, exactly as the user reads them. */
const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
/** A figure of the analytics view by its label (a <dt>/<dd> pair). */
const stat = (analytics: Locator, label: string) =>
  analytics
    .locator('div')
    .filter({ has: analytics.page().getByText(label, { exact: true }) })
    .locator('dd')

async function openEdit(page: Page, id: number, origin = '') {
  await page.goto(`${origin}/admin/blog/edit/${id}`)
  // The save button comes alive once the page has hydrated; the panel renders after the post loads.
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
  await expect(generateButton(page)).toBeEnabled()
}

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

const listXPosts = async (request: APIRequestContext, postId: number, origin = '') =>
  (await apiJson<{ xPosts: XPost[] }>(request, `${origin}/api/blog/${postId}/x-posts`)).xPosts

async function generateViaApi(request: APIRequestContext, postId: number, origin = ''): Promise<XPost> {
  const res = await request.post(`${origin}/api/blog/${postId}/publish-x`, { data: {} })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as XPost
}

/** Requests the browser reports as failed on purpose in a test (a 500 asked for, X's refusal). */
function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

/** 'Nov 21, 2:00 PM': the chart's label (en-US, the browser's default here) of the UTC hour that `ms` falls in. */
function utcHourLabel(ms: number) {
  return formatDate(Math.floor(ms / 3_600_000) * 3_600_000, 'dayTime', { locale: 'en-US', zone: 'UTC' })
}

/** Where Post to X and Schedule would be, when the server has no X credentials. */
const NO_X_KEYS =
  'Posting and scheduling on X need the X API keys on the server (X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN, X_ACCESS_TOKEN_SECRET).'

test.describe('X publishing panel', () => {
  test.use({ signedIn: true })

  test('Generate X Post writes one from the article, then one from custom text; newest first with badge, date, text, clicks, short link', async ({
    page,
    createPost,
  }) => {
    const post = await createPost({
      title: 'Rewarded video for game launches',
      excerpt: 'Players watch, claim and stay. Read how.',
      tags: ['gaming', 'rewards'],
    })
    await openEdit(page, post.id)
    await expect(panel(page).getByText('No X posts yet')).toBeVisible()

    // Hold the request to see the busy state.
    const { release } = await hold(page, `**/api/blog/${post.id}/publish-x`)
    await generateButton(page).click()
    const busy = panel(page).getByRole('button', { name: 'Generating AI Content...' })
    await expect(busy).toBeVisible()
    await expect(busy).toBeDisabled()
    release()
    await expect(toastText(page, 'X Post Created')).toBeVisible()
    await expect(generateButton(page)).toBeEnabled()
    await expect(panel(page).getByRole('heading', { name: 'X posts (1)' })).toBeVisible()

    const [first] = await listXPosts(page.request, post.id)
    expect(first).toBeDefined()
    const card = xPostCards(page).first()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    await expect(card.locator('time')).toHaveAttribute('datetime', first!.publishedAt)
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/)
    await expect(card).toContainText(post.title)
    await expect(card).toContainText(first!.rewrittenContent)
    await expect(card.getByText('0 clicks', { exact: true })).toBeVisible()
    expect(first!.shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[0-9A-Za-z]{7}$/)
    await expect(card.getByText(first!.shortUrl, { exact: true })).toBeVisible()
    await expect(panel(page).getByText('No X posts yet')).toBeHidden()
    await page.unroute(`**/api/blog/${post.id}/publish-x`)

    const custom = 'Our claw machine hands out Roblox wearables. Try the demo! #rewards'
    await customContentBox(page).fill(custom)
    await expect(promote(page).getByText(`${custom.length}/2,000`)).toBeVisible()
    await generateButton(page).click()
    await expect(toastText(page, 'X Post Created')).toBeVisible()
    await expect(panel(page).getByRole('heading', { name: 'X posts (2)' })).toBeVisible()
    await expect(customContentBox(page)).toHaveValue('')

    const [newest, older] = await listXPosts(page.request, post.id)
    expect(newest!.originalContent).toBe(custom)
    expect(older!.id).toBe(first!.id)
    await expect(xPostCards(page)).toHaveCount(2)
    await expect(xPostCards(page).nth(0)).toContainText(newest!.rewrittenContent)
    await expect(xPostCards(page).nth(0).getByText(newest!.shortUrl, { exact: true })).toBeVisible()
    await expect(xPostCards(page).nth(1).getByText(first!.shortUrl, { exact: true })).toBeVisible()
    expect(newest!.shortUrl).not.toBe(first!.shortUrl)
  })

  test('Copy puts the short link on the clipboard and says Copied; Share on X opens the compose intent in a new tab', async ({
    page,
    createPost,
    baseURL,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    const post = await createPost()
    const xPost = await generateViaApi(page.request, post.id)
    await openEdit(page, post.id)
    const card = xPostCards(page).first()

    await card.getByRole('button', { name: 'Copy short link' }).click()
    await expect(toastText(page, 'Copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(xPost.shortUrl)

    const share = card.getByRole('link', { name: /^Share on X/ })
    await expect(share).toHaveAttribute('href', xIntentUrl(xPost))
    await expect(share).toHaveAttribute('target', '_blank')
    await expect(share).toHaveAttribute('rel', /noopener/)
    const intent = new URL(xIntentUrl(xPost))
    expect([intent.origin, intent.searchParams.get('text'), intent.searchParams.get('url')]).toEqual([
      'https://x.com',
      xPost.rewrittenContent,
      xPost.shortUrl,
    ])
    // Nothing leaves the machine: X's page is answered here.
    await page
      .context()
      .route('https://x.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>X</title>' }))
    const [popup] = await Promise.all([page.waitForEvent('popup'), share.click()])
    await expect(popup).toHaveURL(xIntentUrl(xPost))
    await popup.close()
  })

  test('analytics count people, not bots: totals, unique clicks, active hours, referrers, the hourly chart', async ({
    page,
    createPost,
    playwright,
    baseURL,
    expectNoA11yViolations,
  }) => {
    const post = await createPost()
    const xPost = await generateViaApi(page.request, post.id)
    await openEdit(page, post.id)
    const card = xPostCards(page).first()
    const toggle = card.getByRole('button', { name: 'Analytics', exact: true })
    const analytics = card.getByRole('region', { name: 'Click analytics' })

    // Keyboard: the toggle is a real button.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(stat(analytics, 'Total clicks')).toHaveText('0')
    await expect(analytics.getByText(/^No clicks yet/)).toBeVisible()

    // Two people (two browsers on one IP), one of them twice, from two places; and X's card bot.
    const visit = async (userAgent: string, referer?: string) => {
      const ctx = await playwright.request.newContext({
        baseURL,
        userAgent,
        extraHTTPHeaders: referer ? { Referer: referer } : {},
      })
      const res = await ctx.get(xPost.shortUrl, { maxRedirects: 0 })
      expect(res.status()).toBe(302)
      expect(res.headers().location).toContain(`/blog/${post.slug}?utm_source=x`)
      await ctx.dispose()
    }
    const before = Date.now()
    await visit(PERSON_UA, 'https://t.co/AbCdEf')
    await visit(PERSON_UA, 'https://t.co/AbCdEf')
    await visit(IPHONE_UA)
    await visit(IPHONE_UA, 'https://www.linkedin.com/feed/')
    await visit(BOT_UA)
    const after = Date.now()

    // Clicks are written in batches (within ~250 ms): Refresh until they are in. Refresh refetches
    // the figures and the list's click count (two requests a batch may fall between): wait for both.
    const refresh = analytics.getByRole('button', { name: 'Refresh analytics' })
    await expect(async () => {
      await refresh.click()
      await expect(stat(analytics, 'Total clicks')).toHaveText('4', { timeout: 1_000 })
      await expect(card.getByText('4 clicks', { exact: true })).toBeVisible({ timeout: 1_000 })
      // The bot's visit may land in the batch after the people's.
      await expect(analytics.getByText('1 visit from crawlers and link-preview bots not counted.')).toBeVisible({
        timeout: 1_000,
      })
    }).toPass()
    await expect(stat(analytics, 'Unique clicks')).toHaveText('2')
    const server = await apiJson<XPostAnalytics>(page.request, `/api/x-posts/${xPost.id}/analytics`)
    const sameHour = utcHourLabel(before) === utcHourLabel(after)
    const activeHours = Object.keys(server.clicksByHour).length
    if (sameHour) expect(activeHours).toBe(1)
    await expect(stat(analytics, 'Active hours')).toHaveText(String(activeHours))
    await expect(stat(analytics, 'Referrers')).toHaveText('3')

    // The referrer list, most clicks first.
    const referrers = analytics.getByRole('list', { name: 'Top referrers' }).getByRole('listitem')
    await expect(referrers).toHaveText([
      /^t\.co\s*2 clicks$/,
      /^Direct \(no referrer\)\s*1 click$/,
      /^www\.linkedin\.com\s*1 click$/,
    ])

    // The chart's text alternative: one row per active hour.
    const table = analytics.getByRole('table', { name: 'Clicks per hour (UTC)' })
    if (sameHour) {
      await expect(table.getByRole('row', { name: `${utcHourLabel(before)} 4` })).toBeAttached()
    }
    await expect(table.locator('tbody tr')).toHaveCount(activeHours)
    await expect(analytics.getByRole('figure', { name: 'Clicks per hour (UTC)' })).toBeVisible()

    await expectNoA11yViolations()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(analytics).toBeHidden()
  })

  test('Mark Published and Mark Draft flip the badge and say Status Updated; no Post to X without credentials', async ({
    page,
    createPost,
  }) => {
    const post = await createPost()
    const xPost = await generateViaApi(page.request, post.id)
    const capabilities = page.waitForResponse('**/api/x-posts/capabilities')
    await openEdit(page, post.id)
    expect(await (await capabilities).json()).toEqual({ postToX: false, slots: ['09:00', '13:00', '17:30'] })
    const card = xPostCards(page).first()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Post to X' })).toHaveCount(0)
    // Issue 14: nor Schedule, nor 'Share a thread', which need X credentials too.
    await expect(card.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)
    await expect(card.getByRole('checkbox', { name: 'Share a thread' })).toHaveCount(0)
    // …and the panel says what they need, once.
    await expect(page.getByText(NO_X_KEYS, { exact: true })).toHaveCount(1)
    await expect(page.getByText(NO_X_KEYS, { exact: true })).toBeVisible()

    await card.getByRole('button', { name: 'Mark Published' }).click()
    await expect(toastText(page, 'Status Updated')).toBeVisible()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeHidden()
    await expect(card.getByRole('button', { name: 'Mark Published' })).toBeHidden()
    expect((await listXPosts(page.request, post.id))[0]).toMatchObject({ id: xPost.id, status: 'published' })

    await card.getByRole('button', { name: 'Mark Draft' }).click()
    await expect(toastText(page, 'Status Updated')).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Mark Published' })).toBeVisible()
    expect((await listXPosts(page.request, post.id))[0]).toMatchObject({ id: xPost.id, status: 'draft' })
  })

  test('failures show the failure toasts and change nothing', async ({ page, createPost, consoleErrors }) => {
    const post = await createPost()
    const xPost = await generateViaApi(page.request, post.id)
    await openEdit(page, post.id)
    await page.route(`**/api/blog/${post.id}/publish-x`, (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong.', fields: {} } }),
    )
    await page.route(`**/api/x-posts/${xPost.id}/status`, (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong.', fields: {} } }),
    )

    await customContentBox(page).fill('Kept after a failure')
    await generateButton(page).click()
    await expect(toastText(page, 'Failed to create X post. Please try again.')).toBeVisible()
    await expect(customContentBox(page)).toHaveValue('Kept after a failure')
    await expect(xPostCards(page)).toHaveCount(1)

    const card = xPostCards(page).first()
    await card.getByRole('button', { name: 'Mark Published' }).click()
    await expect(toastText(page, 'Failed to update status.')).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    expect((await listXPosts(page.request, post.id)).map((x) => x.status)).toEqual(['draft'])

    expectConsoleNoise(consoleErrors, /status of 500/)
  })
})

test.describe('Post to X, with X credentials on the server', () => {
  const own = serverWithFakeX()

  /** Signs the page in on this server and creates a post there. */
  async function setUp(page: Page, slug: string): Promise<Post> {
    await own.signIn(page)
    return await createPostOn(
      page.request,
      {
        title: `Post to X ${slug}`,
        slug,
        excerpt: 'Rewarded video on X. Short and sweet.',
        content: 'Body.',
        tags: ['rewards'],
        isPublished: true,
      },
      own.server.url,
    )
  }

  test('Post to X publishes through the X API: Published badge and the link to the post on X', async ({ page }) => {
    const post = await setUp(page, `post-to-x-ok-${Date.now().toString(36)}`)
    const xPost = await generateViaApi(page.request, post.id, own.server.url)
    own.fakeX.setMode('success')
    const sent = own.fakeX.received.length
    await openEdit(page, post.id, own.server.url)
    const card = xPostCards(page).first()
    await expect(page.getByText(NO_X_KEYS)).toHaveCount(0)
    await card.getByRole('button', { name: 'Post to X' }).click()

    await expect(toastText(page, 'Posted to X')).toBeVisible()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    const [stored] = await listXPosts(page.request, post.id, own.server.url)
    expect(stored).toMatchObject({ id: xPost.id, status: 'published', errorMessage: null })
    expect(stored!.tweetUrl).toMatch(/^https:\/\/x\.com\/i\/status\/\d+$/)
    const link = card.getByRole('link', { name: /^View post on X/ })
    await expect(link).toHaveAttribute('href', stored!.tweetUrl!)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(card.getByRole('button', { name: 'Post to X' })).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Mark Draft' })).toBeVisible()
    expect(own.fakeX.received.slice(sent).map((t) => t.text)).toEqual([tweetText(xPost)])
  })

  test('a refusal by X shows the Failed badge and X’s message; a retry that works clears it', async ({
    page,
    consoleErrors,
  }) => {
    const post = await setUp(page, `post-to-x-refused-${Date.now().toString(36)}`)
    const xPost = await generateViaApi(page.request, post.id, own.server.url)
    own.fakeX.setMode('duplicate')
    await openEdit(page, post.id, own.server.url)
    const card = xPostCards(page).first()
    await card.getByRole('button', { name: 'Post to X' }).click()

    const message = 'X API answered 403: You are not allowed to create a Tweet with duplicate content.'
    await expect(toastText(page, 'Post to X Failed')).toBeVisible()
    await expect(toastText(page, message)).toBeVisible()
    await expect(card.getByText('Failed', { exact: true })).toBeVisible()
    await expect(card.getByText(`Post to X failed: ${message}`)).toBeVisible()
    expect((await listXPosts(page.request, post.id, own.server.url))[0]).toMatchObject({
      id: xPost.id,
      status: 'failed',
      errorMessage: message,
    })

    own.fakeX.setMode('success')
    await card.getByRole('button', { name: 'Post to X' }).click()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    await expect(card.getByText(/^Post to X failed/)).toBeHidden()
    await expect(card.getByRole('link', { name: /^View post on X/ })).toBeVisible()

    expectConsoleNoise(consoleErrors, /status of 502/)
  })
})

test('a short link that does not exist shows the site’s not-found page with status 404', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/s/Zz9Zz9Zz')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByRole('main').getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
  expectConsoleNoise(consoleErrors, /status of 404/)
})
