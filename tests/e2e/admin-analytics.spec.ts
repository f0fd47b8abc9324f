import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test'
import { formatDay } from '#app/lib/dates.ts'
import type { AnalyticsOverview, AttributionInput, VisitInput } from '#common/contract/analytics.ts'
import type { Post } from '#common/contract/posts.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { expect, openAdminScreen, PERSON_UA, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 16, the admin side: visits are seeded through the public beacon (as a browser sends it,
// with a desktop's or a phone's User-Agent) and leads through the contact API with an attribution;
// the screens must show what the server counted.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * 86_400_000))

type Playwright = PlaywrightWorkerArgs['playwright']

/** One public page view, sent as the page's script sends it, from a browser with `userAgent`. */
async function sendVisit(playwright: Playwright, baseURL: string, userAgent: string, visit: VisitInput) {
  const ctx = await playwright.request.newContext({ baseURL, userAgent })
  const res = await ctx.post('/api/analytics/visits', { data: visit })
  expect(res.ok(), await res.text()).toBe(true)
  expect(await res.json()).toEqual({ success: true, counted: true })
  await ctx.dispose()
}

/** One click on a short link, from a browser with `userAgent`. */
async function clickShortLink(playwright: Playwright, baseURL: string, userAgent: string, shortUrl: string) {
  const ctx = await playwright.request.newContext({ baseURL, userAgent })
  const res = await ctx.get(shortUrl, { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  await ctx.dispose()
}

async function sendLead(request: APIRequestContext, name: string, attribution: AttributionInput) {
  const res = await request.post('/api/contact', {
    data: { name, email: 'lead@example.com', company: null, message: 'We would like to advertise.', attribution },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function overview(request: APIRequestContext, search = ''): Promise<AnalyticsOverview> {
  const res = await request.get(`/api/analytics/overview${search}`)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as AnalyticsOverview
}

/** Visits are written in batches: waits until the overview counts `views` for the post. */
async function waitForPostViews(request: APIRequestContext, postId: number, views: number) {
  await expect
    .poll(async () => (await overview(request, `?postId=${postId}`)).views.total, { timeout: 10_000 })
    .toBe(views)
}

async function generateXPost(request: APIRequestContext, postId: number): Promise<XPost> {
  const res = await request.post(`/api/blog/${postId}/publish-x`, { data: {} })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as XPost
}

/** Requests the browser reports as failed on purpose in a test (a 500 asked for). */
function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

const total = (page: Page, name: string) =>
  page.getByRole('definition').filter({ has: page.locator(`xpath=preceding-sibling::dt[.="${name}"]`) })

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

/** A post read from X and from Hacker News, by a desktop and a phone, and a lead it brought. */
async function seedPostWithTraffic(
  request: APIRequestContext,
  playwright: Playwright,
  baseURL: string,
  createPost: (input?: Partial<Post>) => Promise<Post>,
) {
  const post = await createPost({ title: `Rewarded video vs interstitials ${uniqueSlug('t')}` })
  const xPost = await generateXPost(request, post.id)
  await clickShortLink(playwright, baseURL, PERSON_UA, xPost.shortUrl)
  await clickShortLink(playwright, baseURL, PHONE_UA, xPost.shortUrl)
  const path = `/blog/${post.slug}`
  const fromX = {
    path,
    referrer: 't.co',
    utmSource: 'x',
    utmMedium: 'social',
    utmCampaign: `x-post-${xPost.id}`,
    xPostId: xPost.id,
  }
  for (let i = 0; i < 3; i++) await sendVisit(playwright, baseURL, PERSON_UA, fromX)
  for (let i = 0; i < 2; i++) await sendVisit(playwright, baseURL, PHONE_UA, { path, referrer: 'news.ycombinator.com' })
  const lead = `Lead ${uniqueSlug('n')}`
  await sendLead(request, lead, {
    landingPath: path,
    referrer: 't.co',
    utmSource: 'x',
    utmMedium: 'social',
    utmCampaign: `x-post-${xPost.id}`,
    xPostId: xPost.id,
    postId: post.id,
  })
  await waitForPostViews(request, post.id, 5)
  return { post, xPost, lead }
}

test.use({ signedIn: true })

test.describe('analytics', () => {
  test('the overview shows the totals, the post, its sources and devices, and the X post funnel clicks → views → leads; the chart reads as a table', async ({
    page,
    playwright,
    baseURL,
    createPost,
    expectNoA11yViolations,
  }) => {
    const uplotRequests: string[] = []
    page.on('request', (r) => {
      if (/uplot/i.test(r.url())) uplotRequests.push(r.url())
    })
    const { post, xPost } = await seedPostWithTraffic(page.request, playwright, baseURL as string, createPost)

    // uPlot is this screen's alone: the management screen never loads it.
    await page.goto('/admin/blog')
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    expect(uplotRequests).toEqual([])
    await openAdminScreen(page, 'Analytics')
    await expect(page).toHaveURL(/\/admin\/analytics$/)

    const site = await overview(page.request)
    await expect(page.getByRole('heading', { level: 2, name: 'Last 30 days' })).toBeVisible()
    await expect(total(page, 'Views')).toHaveText(site.views.total.toLocaleString('en-US'))
    await expect(total(page, 'Visitors')).toHaveText(site.visitors.toLocaleString('en-US'))
    await expect(total(page, 'Leads')).toHaveText(site.leads.toLocaleString('en-US'))
    await expect(total(page, 'Subscribers')).toHaveText(site.subscribers.toLocaleString('en-US'))

    const posts = page.getByRole('region', { name: 'Top posts' })
    const row = posts.getByRole('row').filter({ has: page.getByRole('link', { name: post.title }) })
    await expect(row.getByRole('cell')).toHaveText(['5', '2', '1', '0'])
    await expect(row.getByRole('link', { name: post.title })).toHaveAttribute('href', `/admin/blog/edit/${post.id}`)

    // Sources by the names people know them by (issue 27 §14): 'x' and 't.co' are X, one row.
    const sources = page.getByRole('region', { name: 'Sources' })
    const rowHeads = sources.getByRole('rowheader')
    await expect(rowHeads.filter({ hasText: /^x$/ })).toHaveCount(0)
    for (const [name, raw] of [
      ['X', ['x', 'twitter', 't.co', 'x.com']],
      ['Hacker News', ['news.ycombinator.com']],
    ] as const) {
      const counted = site.sources.filter((s) => (raw as readonly string[]).includes(s.source))
      expect(counted.length, name).toBeGreaterThan(0)
      const sum = (key: 'views' | 'leads' | 'subscribers') => String(counted.reduce((n, s) => n + s[key], 0))
      await expect(rowHeads.filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1)
      await expect(sources.getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell')).toHaveText([
        sum('views'),
        sum('leads'),
        sum('subscribers'),
      ])
    }
    const devices = page.getByRole('region', { name: 'Devices' })
    await expect(devices.getByText('Mobile', { exact: true })).toBeVisible()
    await expect(devices.getByText('Desktop', { exact: true })).toBeVisible()

    const funnelRegion = page.getByRole('region', { name: 'Social post funnel' })
    // Per network first (issue 29): X's row with the same figures.
    await expect(funnelRegion.getByRole('row', { name: /^X / })).toContainText(/^X\s*2\s*3\s*1\s*0$/)
    const funnel = funnelRegion.getByRole('article', { name: `X post #${xPost.id} for ${post.title}` })
    await expect(funnel).toContainText('2 clicks')
    await expect(funnel).toContainText('3 views')
    await expect(funnel).toContainText('1 lead')
    await expect(funnel.getByRole('link', { name: post.title })).toHaveAttribute(
      'href',
      `/admin/blog/edit/${post.id}#x-posts`,
    )

    const chart = page.getByRole('region', { name: 'Views and visitors' })
    await expect(chart.locator('canvas')).toBeVisible()
    expect(uplotRequests.length).toBeGreaterThan(0)
    // Nothing hovered: the legend gives the latest day's figures (issue 27 §14), not '--'.
    const legend = chart.locator('.u-legend .u-series')
    const todayKey = utcDay(new Date())
    await expect(legend).toHaveText([
      `Day${formatDay(todayKey, 'dayMonth', { locale: 'en-US', zone: 'UTC' })}`,
      `Views${site.views.byDay[todayKey]}`,
      `Visitors${site.visitorsByDay[todayKey]}`,
    ])
    await expectNoA11yViolations()
    await chart.getByRole('button', { name: 'Show as table' }).click()
    const today = new Date().toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    await expect(chart.getByRole('row', { name: new RegExp(`^${today} `) }).getByRole('cell')).toHaveText([
      String(site.views.byDay[utcDay(new Date())]),
      String(site.visitorsByDay[utcDay(new Date())]),
    ])
    await expect(chart.getByRole('row')).toHaveCount(31)
    await chart.getByRole('button', { name: 'Show as chart' }).click()
    await expect(chart.locator('canvas')).toBeVisible()
  })

  test('the inbox says which X post and post brought a lead, and the CSV export carries it', async ({
    page,
    playwright,
    baseURL,
    createPost,
  }) => {
    const { post, xPost, lead } = await seedPostWithTraffic(page.request, playwright, baseURL as string, createPost)
    const other = await createPost()
    const fromHn = `Lead ${uniqueSlug('hn')}`
    await sendLead(page.request, fromHn, { landingPath: '/', referrer: 'news.ycombinator.com', postId: other.id })

    await page.goto('/admin/contacts')
    const inbox = page.getByRole('region', { name: /^Messages/ })
    await expect(inbox.getByRole('article', { name: fromHn })).toContainText(
      `via news.ycombinator.com · ${other.title} · Landed on /`,
    )
    await expect(inbox.getByRole('article', { name: lead })).toContainText(
      `via X post #${xPost.id} · ${post.title} · Landed on /blog/${post.slug}`,
    )

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = await readFile((await (await download).path()) as string, 'utf8')
    expect(csv).toContain(
      `,${lead},lead@example.com,,We would like to advertise.,/blog/${post.slug},t.co,x,social,x-post-${xPost.id},${xPost.id},${post.id},${post.title}\r\n`,
    )
    expect(csv).toContain(
      `,${fromHn},lead@example.com,,We would like to advertise.,/,news.ycombinator.com,,,,,${other.id},${other.title}\r\n`,
    )
  })

  test("the edit screen shows its post's last 30 days and leads to the analytics screen", async ({
    page,
    playwright,
    baseURL,
    createPost,
  }) => {
    const { post } = await seedPostWithTraffic(page.request, playwright, baseURL as string, createPost)
    await page.goto(`/admin/blog/edit/${post.id}`)
    const figures = page.getByRole('region', { name: 'Last 30 days' })
    await expect(figures.getByRole('definition')).toHaveText(['5', '2', '1', '0'])
    await figures.getByRole('link', { name: 'Site analytics' }).click()
    await expect(page).toHaveURL(/\/admin\/analytics$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  })

  test('the range picker puts the range in the address and shows that range; a range without data says so', async ({
    page,
  }) => {
    await page.goto('/admin/analytics')
    await expect(page.getByRole('heading', { level: 2, name: 'Last 30 days' })).toBeVisible()
    await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')

    const week = page.waitForRequest(
      (r) => r.url().includes('/api/analytics/overview') && r.url().includes(`from=${daysAgo(6)}`),
    )
    await page.getByRole('button', { name: '7 days' }).click()
    await week
    await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Last 7 days' })).toBeVisible()

    await page.getByRole('button', { name: 'Custom' }).click()
    const form = page.getByRole('form', { name: 'Custom range' })
    await form.getByLabel('From').fill('2020-01-31')
    await form.getByLabel('To').fill('2020-01-01')
    await form.getByRole('button', { name: 'Apply' }).click()
    await expect(form.getByRole('alert')).toHaveText('The end date must be on or after the start date.')
    await expect(page).toHaveURL(/\?days=7$/)

    await form.getByLabel('From').fill('2020-01-01')
    await form.getByLabel('To').fill('2020-01-31')
    await form.getByLabel('To').press('Enter')
    await expect(page).toHaveURL(/\?from=2020-01-01&to=2020-01-31$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Jan 1 – 31, 2020' })).toBeVisible()
    await expect(page.getByText('No visits or leads in Jan 1 – 31, 2020.')).toBeVisible()

    // The address alone brings the same range back.
    await page.reload()
    await expect(page.getByText('No visits or leads in Jan 1 – 31, 2020.')).toBeVisible()
    await expect(page.getByRole('form', { name: 'Custom range' }).getByLabel('From')).toHaveValue('2020-01-01')

    await page.getByRole('button', { name: 'Show the last 90 days' }).click()
    await expect(page).toHaveURL(/\?days=90$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Last 90 days' })).toBeVisible()
  })

  test('a failed load says so and Try again loads the figures', async ({ page, consoleErrors }) => {
    await page.route('**/api/analytics/overview?*', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong.', fields: {} } }),
    )
    await page.goto('/admin/analytics')
    await expect(page.getByRole('alert')).toContainText('The figures could not be loaded.')
    await page.unroute('**/api/analytics/overview?*')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('alert')).toBeHidden()
    await expect(page.getByRole('heading', { level: 2, name: 'Last 30 days' })).toBeVisible()
    expectConsoleNoise(consoleErrors, /status of 500/)
  })

  test('at 390 px wide the screen, its table and its empty state never scroll sideways', async ({
    page,
    playwright,
    baseURL,
    createPost,
  }) => {
    await seedPostWithTraffic(page.request, playwright, baseURL as string, createPost)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin/analytics')
    await expect(page.getByRole('region', { name: 'Views and visitors' }).locator('canvas')).toBeVisible()
    await noHorizontalScroll(page)
    await page.getByRole('button', { name: 'Show as table' }).click()
    await noHorizontalScroll(page)
    await page.goto('/admin/analytics?from=2020-01-01&to=2020-01-31')
    await expect(page.getByText('No visits or leads in Jan 1 – 31, 2020.')).toBeVisible()
    await noHorizontalScroll(page)
  })
})
