import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

// Issue 11 §8: one copyright rule, in one place, on every page. Issue 27 §13: its year is the
// current one ('© 2025' stayed when the clock said 2026), the same after hydration.
test('every public page’s footer says © <this year> and the company’s name, the landing page included', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'Footer check post' })
  const year = new Date().getUTCFullYear()
  for (const path of ['/', '/blog', `/blog/${post.slug}`, '/legal/terms', '/legal/privacy', '/no-such-page-footer']) {
    await page.goto(path)
    await hydrated(page)
    const footer = page.getByRole('contentinfo').last()
    await expect(footer, path).toContainText(`© ${year} VidQuest Ltd. All rights reserved.`)
    await expect(footer, path).not.toContainText(new RegExp(`© (?!${year})\\d{4}`))
  }
})

test('a post without an image shows the one branded placeholder on the landing page and the blog alike', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'Placeholder check post', featuredImage: null, content: 'No picture here.' })
  const icons: string[] = []
  for (const path of ['/', '/blog']) {
    await page.goto(path)
    const card = page.locator(`a[href="/blog/${post.slug}"], article:has(a[href="/blog/${post.slug}"])`).first()
    const placeholder = card.locator('[data-slot="post-placeholder"]')
    await expect(placeholder, path).toBeVisible()
    icons.push((await placeholder.locator('svg').first().getAttribute('class')) ?? '')
  }
  expect(icons[0]).toContain('lucide-play')
  expect(icons[1]).toBe(icons[0])
})

// Issue 11 §8: one header, one footer, one brand mark on every public page, and no strip under the footer.
async function publicPages(createPost: (input?: { title?: string }) => Promise<{ slug: string }>) {
  const post = await createPost({ title: 'Chrome check post' })
  return [
    '/',
    '/blog',
    `/blog/${post.slug}`,
    '/legal/terms',
    '/legal/privacy',
    '/no-such-page-chrome',
    '/blog/no-such-post',
  ]
}

/** What a visitor sees of the header and footer, with per-render ids (SVG gradients) left out. */
async function chromeOf(page: Page) {
  const banner = page.getByRole('banner')
  const footer = page.getByRole('contentinfo')
  await expect(banner).toHaveCount(1)
  await expect(footer).toHaveCount(1)
  const home = banner.getByRole('link', { name: 'VidQuest home' })
  await expect(home).toHaveAttribute('href', '/')
  return {
    brandMark: await home
      .locator('[data-slot="brand-mark"]')
      .evaluate((svg) => svg.innerHTML.replace(/brand-mark-[^")]+/g, 'ID')),
    brandName: await home.textContent(),
    entries: await banner
      .locator(
        'nav[aria-label="Main"] ul a, nav[aria-label="Main"] ul button, nav[aria-label="Main"] > div:not([data-testid]) > *',
      )
      .evaluateAll((els) => els.map((el) => el.textContent?.trim())),
    footerLinks: await footer
      .getByRole('link')
      .evaluateAll((els) =>
        els.map((a) => [
          a.getAttribute('aria-label') ?? a.textContent?.trim(),
          a.getAttribute('href'),
          a.getAttribute('target'),
        ]),
      ),
    footerHtml: await footer.evaluate((el) => el.outerHTML.replace(/brand-mark-[^")]+/g, 'ID')),
  }
}

test('every public page has the one header and the one footer, the same on each', async ({ page, createPost }) => {
  const pages = await publicPages(createPost)
  await page.goto('/')
  const landing = await chromeOf(page)
  const entries = ['Features', 'How It Works', 'Results', 'Contact', 'Demo', 'Login']
  // The bar, then the phone menu (hidden until opened): the same entries, in the same order.
  expect(landing.entries).toEqual([...entries, ...entries])
  expect(landing.footerLinks.map(([name]) => name)).toEqual(
    expect.arrayContaining(['Blog', 'Terms of Use', 'Privacy Policy', 'hello@vidquest.io', 'Documentation']),
  )
  for (const path of pages.slice(1)) {
    await page.goto(path)
    const chrome = await chromeOf(page)
    expect(chrome.brandMark, path).toBe(landing.brandMark)
    expect(chrome.brandName, path).toBe(landing.brandName)
    expect(chrome.entries, path).toEqual(landing.entries)
    expect(chrome.footerLinks, path).toEqual(landing.footerLinks)
    expect(chrome.footerHtml, path).toBe(landing.footerHtml)
    // Off the landing page the section entries lead to the landing page's sections.
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, id] of [
      ['Features', 'features'],
      ['How It Works', 'how-it-works'],
      ['Results', 'results'],
      ['Contact', 'contact'],
      ['Demo', 'demo'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true }), `${path} ${name}`).toHaveAttribute('href', `/#${id}`)
    }
  }
})

test('a header section link on another page opens the landing page at that section', async ({ page }) => {
  await page.goto('/legal/terms')
  await hydrated(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results', exact: true }).click()
  await expect(page).toHaveURL(/\/#results$/)
  await expect(page.locator('#results')).toBeInViewport()
})

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`no page leaves a gap under its footer at ${viewport.width}×${viewport.height}`, async ({
    page,
    createPost,
  }) => {
    await page.setViewportSize(viewport)
    for (const path of await publicPages(createPost)) {
      await page.goto(path)
      const box = await page.getByRole('contentinfo').evaluate((footer) => ({
        bottom: footer.getBoundingClientRect().bottom + window.scrollY,
        scrollHeight: document.documentElement.scrollHeight,
        viewport: window.innerHeight,
      }))
      expect(box.scrollHeight, path).toBeGreaterThanOrEqual(box.viewport)
      expect(Math.round(box.bottom), path).toBe(box.scrollHeight)
    }
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the header menu holds the same entries on every page', async ({ page }) => {
    for (const path of ['/blog', '/legal/privacy', '/no-such-page-menu']) {
      await page.goto(path)
      await hydrated(page)
      await page.getByRole('button', { name: 'Open menu' }).click()
      const list = page.locator('#mobile-nav')
      await expect(list, path).toBeVisible()
      for (const name of ['Features', 'How It Works', 'Results', 'Contact', 'Demo', 'Login']) {
        await expect(list.getByRole('link', { name, exact: true }), `${path} ${name}`).toBeVisible()
      }
      await page.getByRole('button', { name: 'Close menu' }).click()
      await expect(list).toBeHidden()
    }
  })
})
