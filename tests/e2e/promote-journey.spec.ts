import type { Page } from '@playwright/test'
import type { AnalyticsOverview } from '#common/contract/analytics.ts'
import type { Post } from '#common/contract/posts.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'
import { expect, hydrated, openSettings, PERSON_UA, test } from '#tests/e2e/fixtures.ts'
import { type FakeBluesky, fakeBlueskyEnv, startFakeBluesky } from '#tests/fixtures/fake-bluesky.ts'
import { type FakeLinkedIn, fakeLinkedInEnv, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'
import { type FakeMastodon, fakeMastodonEnv, startFakeMastodon } from '#tests/fixtures/fake-mastodon.ts'
import { type FakeThreads, fakeThreadsEnv, startFakeThreads } from '#tests/fixtures/fake-threads.ts'
import { type FakeX, fakeXEnv, startFakeX } from '#tests/fixtures/fake-x.ts'
import { E2E_ADMIN, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// Issue 29, "Done when": generate for all five networks, edit, schedule two, see them on the
// calendar, post one, open its short link as a reader, read, write through the contact form, and
// find the lead attributed to that network in the inbox and in analytics. Every network is a
// stand-in on 127.0.0.1 (tests/fixtures), talked to over real HTTP.

interface Own {
  server: TestServer
  x: FakeX
  linkedIn: FakeLinkedIn
  bluesky: FakeBluesky
  mastodon: FakeMastodon
  threads: FakeThreads
}

const own = {} as Own
test.beforeAll(async () => {
  test.setTimeout(120_000)
  own.x = await startFakeX()
  own.linkedIn = await startFakeLinkedIn()
  own.bluesky = await startFakeBluesky()
  own.mastodon = await startFakeMastodon()
  own.threads = await startFakeThreads()
  own.server = await startTestServer({
    env: {
      ...fakeXEnv(own.x),
      ...fakeLinkedInEnv(own.linkedIn),
      ...fakeBlueskyEnv(own.bluesky),
      ...fakeMastodonEnv(own.mastodon),
      ...fakeThreadsEnv(own.threads),
    },
  })
})
test.afterAll(async () => {
  await own.server?.stop()
  await Promise.all([own.x, own.linkedIn, own.bluesky, own.mastodon, own.threads].map((f) => f?.close()))
})

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

async function socialPosts(page: Page, postId: number): Promise<SocialPost[]> {
  const res = await page.request.get(`${own.server.url}/api/blog/${postId}/social-posts`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { socialPosts: SocialPost[] }).socialPosts
}

for (const width of [1440, 390]) {
  test(`at ${width} px: five networks generated, two scheduled and on the calendar, one posted, its reader a lead of that network`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    const login = await page.request.post(`${own.server.url}/api/admin/login`, { data: E2E_ADMIN })
    expect(login.status(), await login.text()).toBe(200)
    const slug = `promote-${width}-${Date.now().toString(36)}`
    const created = await page.request.post(`${own.server.url}/api/blog`, {
      data: {
        title: `Promote everywhere ${slug}`,
        slug,
        excerpt: 'Rewarded video for B2B teams, on every network they read.',
        content: 'Rewarded video turns a skipped ad into a chosen one.',
        tags: ['rewards', 'video'],
        isPublished: true,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const post = ((await created.json()) as { post: Post }).post

    await page.goto(`${own.server.url}/admin/blog/edit/${post.id}`)
    await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
    await hydrated(page)
    await openSettings(page)

    // One Promote panel, a row per network: all five at once, each written for its network.
    const panel = page.getByRole('region', { name: 'Promote' })
    await panel.getByRole('button', { name: 'Generate for every network' }).click()
    await expect(toastText(page, 'Five posts created')).toBeVisible()
    await expect(panel.getByRole('region', { name: 'X posts (1)' }).getByRole('article')).toHaveCount(1)
    for (const network of ['LinkedIn', 'Bluesky', 'Mastodon', 'Threads']) {
      const row = panel.getByRole('region', { name: `${network} posts (1)` })
      await expect(row.getByRole('article', { name: new RegExp(`^${network} post created`) })).toHaveCount(1)
    }
    const generated = await socialPosts(page, post.id)
    expect(generated.map((p) => p.channel).sort()).toEqual(['bluesky', 'linkedin', 'mastodon', 'threads', 'x'])
    expect(generated.every((p) => p.fits)).toBe(true)

    // Edit the Bluesky one with its own counter.
    const bluesky = panel.getByRole('article', { name: /^Bluesky post created/ })
    const box = bluesky.getByRole('textbox', { name: 'Text of the Bluesky post' })
    await box.fill('Rewarded video, chosen by the viewer. 🎯 Read how B2B teams use it.')
    await expect(bluesky.getByText(/[\d,]+ \/ 300/)).toBeVisible()
    await bluesky.getByRole('button', { name: 'Save' }).click()
    await expect(toastText(page, 'Saved')).toBeVisible()

    // Schedule two.
    for (const network of ['Mastodon', 'Threads']) {
      const card = panel.getByRole('article', { name: new RegExp(`^${network} post created`) })
      await card.getByRole('button', { name: 'Schedule' }).click()
      const dialog = page.getByRole('dialog', { name: `Schedule ${network} post` })
      await dialog.getByRole('group', { name: 'Quick slots' }).getByRole('button').first().click()
      await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
      await expect(dialog).toBeHidden()
      await expect(card.getByText('Scheduled', { exact: true })).toBeVisible()
    }

    // Post one now.
    const linkedInCard = panel.getByRole('article', { name: /^LinkedIn post created/ })
    const before = own.linkedIn.received.length
    await linkedInCard.getByRole('button', { name: 'Post now' }).click()
    await expect(linkedInCard.getByText('Published', { exact: true })).toBeVisible()
    expect(own.linkedIn.received.length - before).toBe(1)

    const stored = await socialPosts(page, post.id)
    const linkedIn = stored.find((p) => p.channel === 'linkedin') as SocialPost
    const scheduled = stored.filter((p) => p.status === 'scheduled')
    expect(scheduled.map((p) => p.channel).sort()).toEqual(['mastodon', 'threads'])

    // Both on the calendar, named by their network, on the week of their moment.
    const day = String(scheduled[0]?.scheduledAt).slice(0, 10)
    await page.goto(`${own.server.url}/admin/calendar?view=week&date=${day}`)
    await hydrated(page)
    for (const network of ['Mastodon', 'Threads']) {
      await expect(
        page.getByRole('link', { name: new RegExp(`${network} post,.*${post.title}`) }).first(),
      ).toBeVisible()
    }
    // Each opens its network's row of the Promote panel.
    await expect(page.getByRole('link', { name: new RegExp(`Mastodon post,.*${post.title}`) }).first()).toHaveAttribute(
      'href',
      `/admin/blog/edit/${post.id}#mastodon-posts`,
    )
    // The Show filter hides a network.
    await page.getByRole('button', { name: 'Mastodon', exact: true }).click()
    await expect(page.getByRole('link', { name: new RegExp(`Mastodon post,.*${post.title}`) })).toHaveCount(0)
    await expect(page.getByRole('link', { name: new RegExp(`Threads post,.*${post.title}`) }).first()).toBeVisible()

    // A reader (no session) opens the LinkedIn post's short link, reads, and writes.
    const reader = await browser.newContext({ userAgent: PERSON_UA, viewport: { width, height: 900 } })
    const visitor = await reader.newPage()
    const viewed = visitor.waitForResponse((res) => new URL(res.url()).pathname === `/api/blog/${post.slug}/view`)
    await visitor.goto(linkedIn.shortUrl)
    await expect(visitor).toHaveURL(
      new RegExp(
        `/blog/${post.slug}\\?utm_source=linkedin&utm_medium=social&utm_campaign=linkedin-post-${linkedIn.id}$`,
      ),
    )
    await expect(visitor.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await hydrated(visitor)
    expect((await viewed).status()).toBe(200)
    const landed = visitor.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/analytics/visits',
    )
    await visitor.getByRole('link', { name: 'Get Started Today' }).click()
    await expect(visitor).toHaveURL(/\/#contact$/)
    expect((await landed).status()).toBe(202)
    await hydrated(visitor)
    const email = `${slug}@brand.example`
    const form = visitor.locator('#contact form')
    await form.getByLabel('Name').fill('Lin Reader')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Company').fill('Brand Co')
    await form.getByLabel('Message').fill('We read your LinkedIn post and want to talk.')
    await form.getByRole('button', { name: 'Launch Your Quest' }).click()
    await expect(visitor.getByTestId('contact-success')).toBeVisible()
    await reader.close()

    // The inbox says which network's post brought the lead.
    await page.goto(`${own.server.url}/admin/contacts`)
    await hydrated(page)
    await expect(page.getByText(`via LinkedIn post #${linkedIn.id} · ${post.title}`).first()).toBeVisible()

    // And analytics counts it for LinkedIn (visits are written in batches).
    const today = new Date().toISOString().slice(0, 10)
    await expect(async () => {
      const res = await page.request.get(`${own.server.url}/api/analytics/overview?from=${today}&to=${today}`)
      const overview = (await res.json()) as AnalyticsOverview
      const row = overview.xPosts.find((p) => p.id === linkedIn.id)
      expect(row).toMatchObject({ channel: 'linkedin', leads: 1 })
      expect(row?.clicks).toBeGreaterThanOrEqual(1)
      expect(row?.views).toBeGreaterThanOrEqual(1)
      expect(overview.channels.find((c) => c.channel === 'linkedin')?.leads).toBeGreaterThanOrEqual(1)
    }).toPass()
    await page.goto(`${own.server.url}/admin/analytics`)
    await hydrated(page)
    const funnel = page.getByRole('region', { name: 'Social post funnel' })
    await expect(
      funnel.getByRole('article', { name: `LinkedIn post #${linkedIn.id} for ${post.title}` }),
    ).toContainText('1 lead')
  })
}
