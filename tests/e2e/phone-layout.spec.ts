import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

// Issue 11 §1: no screen may scroll sideways on a phone (360 px or wider), whatever a writer
// types: long titles, AI-length slugs, long tags and bare URLs.
const LONG_WORD = 'Supercalifragilisticexpialidocious-rewarded-video-quest-campaign-for-brands'
const LONG_TITLE = `${LONG_WORD} ${'and a very long title that keeps on going for the layout test '.repeat(2)}`.slice(
  0,
  200,
)
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const LONG_URL = `https://example.com/${'a-really-long-path-segment-'.repeat(6)}end?utm_source=phone-layout-test`

async function expectNoSidewaysScroll(page: Page, path: string, width: number) {
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The culprits: elements past the right edge that no clipping ancestor hides.
    widest: [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ el, right }) => {
        if (right <= window.innerWidth + 1) return false
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (/hidden|clip/.test(getComputedStyle(a).overflowX)) return false
        }
        return true
      })
      .sort((a, b) => a.el.querySelectorAll('*').length - b.el.querySelectorAll('*').length)
      .slice(0, 4)
      .map(
        ({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(right)}`,
      ),
  }))
  expect(
    overflow.scroll,
    `${path} at ${width} px is ${overflow.scroll} px wide: ${overflow.widest.join('; ')}`,
  ).toBeLessThanOrEqual(overflow.inner)
}

for (const width of [360, 390]) {
  test(`no screen scrolls sideways at ${width} px, with long titles, slugs, tags and URLs`, async ({
    page,
    login,
    createPost,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 800 })
    await login()
    const slug = `a-long-ai-written-slug-about-rewarded-video-for-brands-${width}-${Date.now().toString(36)}`
    const post = await createPost({
      title: LONG_TITLE,
      slug,
      excerpt: `${LONG_WORD} is how a writer might start an excerpt; ${LONG_URL}`,
      content: `## ${LONG_WORD}\n\nRead ${LONG_URL} and [the study](${LONG_URL}).\n\n\`${LONG_URL}\`\n\n| column | ${LONG_WORD} |\n| --- | --- |\n| a | b |`,
      tags: ['rewarded-video-quests-for-brands', LONG_WORD.slice(0, 50)],
    })
    const xPost = await page.request.post(`/api/blog/${post.id}/publish-x`, { data: {} })
    expect(xPost.status()).toBe(201)
    // Issue 16: a click on its short link and a visit, so the analytics screen lists the long title.
    const { id: xPostId, shortUrl } = (await xPost.json()) as { id: number; shortUrl: string }
    const reader = await playwright.request.newContext({ baseURL, userAgent: PHONE_UA })
    expect((await reader.get(shortUrl, { maxRedirects: 0 })).status()).toBe(302)
    const visit = { path: `/blog/${post.slug}`, utmSource: 'x', utmCampaign: `x-post-${xPostId}`, xPostId }
    expect((await reader.post('/api/analytics/visits', { data: visit })).status()).toBe(202)
    await reader.dispose()
    await expect
      .poll(
        async () => (await (await page.request.get(`/api/analytics/overview?postId=${post.id}`)).json()).views.total,
      )
      .toBe(1)

    const screens = [
      '/',
      '/blog',
      `/blog/${post.slug}`,
      '/legal/terms',
      '/legal/privacy',
      '/no-such-page-on-a-phone',
      '/admin/blog',
      '/admin/blog/create',
      `/admin/blog/edit/${post.id}`,
      '/admin/contacts',
      '/admin/subscribers',
      '/admin/newsletters',
      '/admin/analytics',
    ]
    for (const path of screens) {
      await page.goto(path)
      await hydrated(page)
      // Admin screens load their data after hydration: measure them filled, not as skeletons.
      await page.waitForLoadState('networkidle')
      if (path.includes('/edit/')) await expect(page.getByText(LONG_URL.slice(0, 40)).first()).toBeAttached()
      await expectNoSidewaysScroll(page, path, width)
    }
    // The create screen's AI tabs.
    await page.goto('/admin/blog/create')
    await hydrated(page)
    for (const tab of ['AI Generation', 'AI Rewriter']) {
      await page.getByRole('tab', { name: tab }).click()
      await expectNoSidewaysScroll(page, `create, ${tab}`, width)
    }
    // The sign-in screen, signed out.
    await page.context().clearCookies()
    await page.goto('/admin/login')
    await hydrated(page)
    await expectNoSidewaysScroll(page, '/admin/login', width)
  })
}
