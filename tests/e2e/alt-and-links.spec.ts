import type { Page } from '@playwright/test'
import sharp from 'sharp'
import {
  expect,
  expectSavedInEditor,
  hydrated,
  openSettings,
  preferMarkdown,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'
import { type FakeOpenAI, fakeAiEnv, startFakeOpenAI } from '#tests/fixtures/fake-openai.ts'
import { startWithPageBuild, type TestServer } from '#tests/helpers/server-process.ts'

/**
 * Issue 15 §3 and §4 end to end: alt text in the image manager (written, and suggested by the
 * fake vision model), the public pages' alt attributes, and 'Insert link' on the edit screen.
 * A server of its own, wired to the fake OpenAI-compatible provider on 127.0.0.1.
 */

// 'Insert link' is checked in the Markdown the post holds (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

const TEST_KEY = 'test-key'

const aiTest = test.extend<object, { ai: { server: TestServer; fake: FakeOpenAI } }>({
  ai: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const fake = await startFakeOpenAI({ apiKey: TEST_KEY })
      const server = await startWithPageBuild({ env: fakeAiEnv(fake, TEST_KEY) })
      await use({ server, fake })
      await server.stop()
      await fake.close()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
})

async function upload(page: Page, width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer()
  const res = await page.request.post('/api/blog/upload-image', {
    data: { imageData: `data:image/png;base64,${png.toString('base64')}`, fileName: 'green.png' },
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { imageUrl: string }).imageUrl
}

/** Every <img> tag of a page's server HTML, and whether it has an alt attribute. */
const imgTags = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0])

aiTest.describe('alt text and internal links', () => {
  aiTest.describe.configure({ timeout: 90_000 })
  aiTest.use({ baseURL: async ({ ai }, use) => use(ai.server.url) })
  aiTest.beforeEach(async ({ login }) => {
    await login()
  })

  aiTest(
    'an alt text typed in the image manager is saved and is the featured image alt on the public page',
    async ({ page, createPost, consoleErrors }) => {
      const image = await upload(page, 64, 48)
      const post = await createPost({ slug: uniqueSlug('alt'), images: [image], featuredImage: image })
      await page.goto(`/admin/blog/edit/${post.id}`)
      await hydrated(page)
      const featured = page.getByRole('group', { name: 'Featured image' })
      await featured.getByLabel('Alt text').fill('A green field under a clear sky')
      await expect(featured.getByText('Leave empty only for a decorative image')).toBeVisible()
      await page.getByRole('button', { name: 'Save Changes' }).first().click()
      await expectSavedInEditor(page)

      const res = await page.request.get(`/blog/${post.slug}`)
      const html = await res.text()
      const tags = imgTags(html)
      expect(tags.length).toBeGreaterThan(0)
      for (const tag of tags) expect(tag).toMatch(/\salt="/)
      expect(tags.find((t) => t.includes(image))).toContain('alt="A green field under a clear sky"')

      const list = await (await page.request.get('/blog')).text()
      for (const tag of imgTags(list)) expect(tag).toMatch(/\salt="/)
      expect(consoleErrors).toEqual([])
    },
  )

  aiTest("'Suggest alt text' fills in the vision model's description", async ({ page, createPost, ai }) => {
    const image = await upload(page, 80, 60)
    const post = await createPost({ slug: uniqueSlug('suggest'), images: [image], featuredImage: image })
    await page.goto(`/admin/blog/edit/${post.id}`)
    await hydrated(page)
    const before = ai.fake.requests.length
    const featured = page.getByRole('group', { name: 'Featured image' })
    await featured.getByRole('button', { name: 'Suggest alt text' }).click()
    // The fake describes the bytes it got: our 80×60 picture, without the 'Image of' lead-in.
    await expect(featured.getByLabel('Alt text')).toHaveValue(/^A 80 by 60 pixel image\/jpeg picture/)
    expect(ai.fake.requests.length).toBe(before + 1)

    // On a phone the images are in the 'Post settings' sheet (decision 057).
    await page.setViewportSize({ width: 390, height: 844 })
    await openSettings(page)
    await expect(featured.getByLabel('Alt text')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  })

  aiTest(
    "'Insert link' puts a markdown link to a related post into the content",
    async ({ page, createPost, expectNoA11yViolations }) => {
      const topic = `Quokka${Date.now().toString(36)}`
      const target = await createPost({
        slug: uniqueSlug('target'),
        title: `${topic} Campaigns`,
        content: `${topic} campaigns reward viewers with ${topic} prizes.`,
        tags: ['rewards'],
      })
      const post = await createPost({
        slug: uniqueSlug('linking'),
        title: 'Planning the spring launch',
        content: `## Plan\n\nOur launch runs ${topic} campaigns for new viewers, and ${topic} prizes too.`,
        isPublished: false,
      })
      await page.goto(`/admin/blog/edit/${post.id}`)
      await hydrated(page)
      const card = page.getByRole('region', { name: 'Internal links' })
      const insert = card.getByRole('button', { name: `Insert link to ${target.title}` })
      await expect(insert).toBeVisible()
      await insert.focus()
      await page.keyboard.press('Enter')
      await expect(card.getByRole('button', { name: `Link to ${target.title} inserted` })).toBeDisabled()
      await expect(page.locator('#content')).toHaveValue(
        new RegExp(`runs \\[${topic} campaigns\\]\\(/blog/${target.slug}\\) for new viewers`),
      )
      await expect(page.getByRole('button', { name: 'Save Changes' }).first()).toBeVisible()
      await expectNoA11yViolations()

      await page.setViewportSize({ width: 390, height: 844 })
      await openSettings(page)
      await expect(card).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    },
  )
})
