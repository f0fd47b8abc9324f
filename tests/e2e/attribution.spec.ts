import type { APIRequestContext, Page, PlaywrightWorkerArgs, Request } from '@playwright/test'
import type { AnalyticsOverview } from '#common/contract/analytics.ts'
import type { ContactList } from '#common/contract/contact.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import {
  expect,
  hydrated,
  openAdminScreen,
  PERSON_UA,
  test,
  uniqueSlug,
  violations,
  watchViolations,
} from '#tests/e2e/fixtures.ts'
import { E2E_ADMIN } from '#tests/helpers/server-process.ts'

const VISITS = '/api/analytics/visits'
const isVisit = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === VISITS

/** Every visit beacon the page sends, as the JSON body it sent. */
function watchVisits(page: Page) {
  const sent: Record<string, unknown>[] = []
  page.on('request', (r) => {
    if (isVisit(r)) sent.push(r.postDataJSON() as Record<string, unknown>)
  })
  return sent
}

/**
 * Every beacon that makes a visit: a post's counted view (POST /api/blog/{slug}/view, which carries
 * the first touch) or POST /api/analytics/visits for any other page view.
 */
function watchBeacons(page: Page) {
  const sent: { to: string; body: unknown }[] = []
  page.on('request', (r) => {
    const to = new URL(r.url()).pathname
    if (isVisit(r) || (r.method() === 'POST' && /^\/api\/blog\/[^/]+\/view$/.test(to))) {
      sent.push({ to, body: r.postDataJSON() })
    }
  })
  return sent
}

async function adminRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const request = await playwright.request.newContext({ baseURL })
  const res = await request.post('/api/admin/login', { data: E2E_ADMIN })
  expect(res.status(), await res.text()).toBe(200)
  return request
}

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

const utcDay = (ms = Date.now()) => new Date(ms).toISOString().slice(0, 10)

test.describe('from an X post to a lead', () => {
  test.use({ userAgent: PERSON_UA })

  test('a reader who opens a short link, reads the post and writes through the contact form is a lead of that X post and that post', async ({
    page,
    playwright,
    baseURL,
    createPost,
    foreignRequests,
  }) => {
    const firstDay = utcDay()
    const post = await createPost({ title: `Rewarded video vs interstitials ${uniqueSlug('t')}` })
    const admin = await adminRequest(playwright, baseURL)
    const created = await admin.post(`/api/blog/${post.id}/publish-x`, { data: {} })
    expect(created.status(), await created.text()).toBe(201)
    const xPost = (await created.json()) as XPost

    // The visitor: a fresh browser (no session, no storage) that clicks the link on X.
    await watchViolations(page)
    const beacons = watchBeacons(page)
    const viewPath = `/api/blog/${post.slug}/view`
    const viewed = page.waitForResponse((res) => new URL(res.url()).pathname === viewPath)
    // http: the test site is served over http, and no browser tells an http page it came from https.
    await page.goto(xPost.shortUrl, { referer: 'http://t.co/AbCdEf' })
    await expect(page).toHaveURL(
      new RegExp(`/blog/${post.slug}\\?utm_source=x&utm_medium=social&utm_campaign=x-post-${xPost.id}$`),
    )
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await hydrated(page)

    // The post's counted view is its visit too, after hydration, carrying how the reader came.
    const answer = await viewed
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toMatchObject({ success: true, counted: true, viewCount: 1 })
    const campaign = {
      referrer: 't.co',
      utmSource: 'x',
      utmMedium: 'social',
      utmCampaign: `x-post-${xPost.id}`,
      xPostId: xPost.id,
    }
    expect(beacons).toEqual([{ to: viewPath, body: campaign }])
    expect(await violations(page), 'CSP violations on the post page').toEqual([])

    // The call to action under the post leads to the landing page's contact form (a client-side
    // navigation: one visit beacon, still with the first touch).
    const landingBeacon = page.waitForResponse((res) => isVisit(res.request()))
    await page.getByRole('link', { name: 'Get Started Today' }).click()
    await expect(page).toHaveURL(/\/#contact$/)
    const landingAnswer = await landingBeacon
    expect(landingAnswer.status()).toBe(202)
    expect(await landingAnswer.json()).toEqual({ success: true, counted: true })
    expect(beacons).toEqual([
      { to: viewPath, body: campaign },
      { to: VISITS, body: { path: '/', ...campaign } },
    ])

    const email = `${uniqueSlug('lead')}@brand.example`
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Grace Brand')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Company').fill('Brand Co')
    await form.getByLabel('Message').fill('We would like rewarded video for our launch.')
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact')
    await form.getByRole('button', { name: 'Launch Your Quest' }).click()
    await expect(page.getByTestId('contact-success')).toBeVisible()
    const attribution = { landingPath: `/blog/${post.slug}`, ...campaign, postId: post.id }
    expect((await sent).postDataJSON()).toMatchObject({ email, attribution })
    expect(await violations(page), 'CSP violations on the landing page').toEqual([])
    expect(beacons, 'one beacon a page view').toHaveLength(2)
    expect(foreignRequests).toEqual([])

    // The admin's inbox attributes the message to the X post and the post.
    const inbox = await apiJson<ContactList>(admin, '/api/admin/contact-submissions?pageSize=100')
    const lead = inbox.submissions.find((s) => s.email === email)
    expect(lead?.attribution).toEqual({ ...attribution, channel: 'x', postTitle: post.title })

    // The overview of today counts the lead for both; visits are written in batches.
    await expect(async () => {
      const overview = await apiJson<AnalyticsOverview>(
        admin,
        `/api/analytics/overview?from=${firstDay}&to=${utcDay()}`,
      )
      const x = overview.xPosts.find((row) => row.id === xPost.id)
      expect(x).toMatchObject({ postId: post.id, leads: 1 })
      expect(x?.views).toBeGreaterThanOrEqual(1)
      expect(x?.clicks).toBeGreaterThanOrEqual(1)
      const top = overview.topPosts.find((row) => row.postId === post.id)
      expect(top).toMatchObject({ title: post.title, slug: post.slug, leads: 1 })
      expect(top?.views).toBeGreaterThanOrEqual(1)
    }).toPass()
    await admin.dispose()
  })

  test('a session keeps its first touch; a post read again (a reload) is a visit beacon of its own', async ({
    page,
    createPost,
  }) => {
    const post = await createPost()
    const beacons = watchBeacons(page)
    const viewPath = `/api/blog/${post.slug}/view`
    const isViewOrVisit = (r: Request) => isVisit(r) || new URL(r.url()).pathname === viewPath
    const open = async (path: string, reload = false) => {
      const sent = page.waitForResponse((res) => isViewOrVisit(res.request()))
      await (reload ? page.reload() : page.goto(path))
      await hydrated(page)
      expect((await sent).ok()).toBe(true)
    }
    await open('/?utm_source=newsletter&utm_medium=email&utm_campaign=november')
    // Other UTM values later in the session are not its first touch.
    await open(`/blog/${post.slug}?utm_source=other`)
    await open(`/blog/${post.slug}`, true)
    const touch = {
      referrer: null,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'november',
      xPostId: null,
    }
    expect(beacons).toEqual([
      { to: VISITS, body: { path: '/', ...touch } },
      { to: viewPath, body: touch },
      { to: VISITS, body: { path: `/blog/${post.slug}`, ...touch } },
    ])
  })
})

test.describe('the admin area', () => {
  test.use({ signedIn: true, userAgent: PERSON_UA })

  test('sends no visit beacon, while a public page does', async ({ page }) => {
    const visits = watchVisits(page)
    const publicBeacon = page.waitForRequest(isVisit)
    await page.goto('/blog')
    await hydrated(page)
    await publicBeacon
    expect(visits).toHaveLength(1)

    await page.goto('/admin/blog')
    await hydrated(page)
    // A client-side navigation inside the admin area is no visit either.
    await openAdminScreen(page, /Contact Inbox/)
    await expect(page).toHaveURL(/\/admin\/contacts$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Inbox' })).toBeVisible()
    expect(visits).toHaveLength(1)
  })
})
