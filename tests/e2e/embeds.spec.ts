import type { Page } from '@playwright/test'
import { expect, hydrated, test, violations, watchViolations } from '#tests/e2e/fixtures.ts'

// Issue 32: a YouTube or X address on a line of its own is a card on the public page. The card
// asks nothing of another host until the reader presses its button; then the player's frame takes
// its place (docs/decisions/054). The players' hosts answer here with a stand-in page, so the test
// stays offline while the frame's address is still checked.
const VIDEO = 'dQw4w9WgXcQ'
const CONTENT = [
  'A paragraph before the video, with a link in a sentence: https://youtu.be/aaaaaaaaaaa is just a link.',
  '',
  `https://www.youtube.com/watch?v=${VIDEO}&t=42s`,
  '',
  'A paragraph between the two.',
  '',
  'https://x.com/jack/status/20',
  '',
  'The last paragraph.',
].join('\n')

/** Every request the page makes, and the frames asked of the players' hosts (answered by a stand-in). */
async function record(page: Page) {
  const requests: string[] = []
  page.on('request', (r) => {
    if (!/^(?:data|blob):/.test(r.url())) requests.push(r.url())
  })
  const players: string[] = []
  await page.route(/^https:\/\/(?:www\.youtube-nocookie\.com|platform\.twitter\.com)\//, async (route) => {
    players.push(route.request().url())
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Player stand-in</title>',
    })
  })
  return { requests, players }
}

for (const width of [1440, 390]) {
  test(`at ${width} px a post shows a YouTube and an X card that load nothing from outside until pressed`, async ({
    page,
    baseURL,
    createPost,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 })
    await watchViolations(page)
    const post = await createPost({ title: 'A post with a video and a post from X', content: CONTENT })
    const { requests, players } = await record(page)
    await page.goto(`/blog/${post.slug}`)
    await hydrated(page)

    const body = page.getByTestId('article-body')
    const youtube = body.locator('.md-embed-youtube')
    const x = body.locator('.md-embed-x')
    await expect(body.locator('.md-embed')).toHaveCount(2)
    await expect(youtube.getByRole('link', { name: 'Watch on YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${VIDEO}&t=42s`,
    )
    await expect(x.getByRole('link', { name: 'Post by @jack on X' })).toHaveAttribute(
      'href',
      'https://x.com/jack/status/20',
    )
    // The address inside a sentence stays a link.
    await expect(body.getByRole('link', { name: 'https://youtu.be/aaaaaaaaaaa' })).toBeVisible()
    await youtube.scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')

    // Before any click, every request went to this site.
    const origin = new URL(baseURL as string).origin
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([])
    expect(players).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/embeds-${width}.png`, fullPage: true })

    // The keyboard reaches the play button (after the link in the first paragraph), shows focus, and Enter plays.
    const play = youtube.getByRole('button', { name: 'Play video, loads YouTube' })
    await body.getByRole('link', { name: 'https://youtu.be/aaaaaaaaaaa' }).focus()
    await page.keyboard.press('Tab')
    await expect(play).toBeFocused()
    expect(await play.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')
    await page.keyboard.press('Enter')
    const frame = youtube.locator('iframe')
    await expect(frame).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1&rel=0&start=42`,
    )
    await expect(frame).toHaveAttribute('title', 'YouTube video')
    await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin')
    await expect(frame).toHaveAttribute('loading', 'lazy')
    expect(await frame.getAttribute('allow')).toContain('autoplay')
    await expect(frame).toBeFocused()
    await expect(youtube.getByRole('button')).toHaveCount(0)
    await expect
      .poll(() => players)
      .toEqual([`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1&rel=0&start=42`])
    // 16:9 where the card was.
    const box = await frame.boundingBox()
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02)

    // The X card loads X's post frame only now, on its own button.
    await x.getByRole('button', { name: 'Show the post, loads X' }).click()
    await expect(x.locator('iframe')).toHaveAttribute(
      'src',
      'https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true',
    )
    await expect.poll(() => players.length).toBe(2)

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `test-results/embeds-${width}-played.png`, fullPage: true })
    expect(await violations(page), 'CSP violations').toEqual([])
  })
}

test('without JavaScript the card is a plain link to the video, and no button shows', async ({
  browser,
  createPost,
}) => {
  const post = await createPost({ title: 'A video for readers without script', content: CONTENT })
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/blog/${post.slug}`)
  const youtube = page.locator('.md-embed-youtube')
  await expect(youtube.getByRole('link', { name: 'Watch on YouTube' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Play video|Show the post/ })).toHaveCount(0)
  await expect(page.locator('iframe')).toHaveCount(0)
  await context.close()
})
