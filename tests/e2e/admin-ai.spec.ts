import type { Locator, Page } from '@playwright/test'
import { AI_DEFAULTS, AI_NOT_CONFIGURED } from '#common/contract/ai.ts'
import type { Post } from '#common/contract/posts.ts'
import { expect, expectSavedInEditor, hold, openCreate, test, uniqueSlug } from '#tests/e2e/fixtures.ts'
import { ARTICLE_TITLE, type ArticleServer, startArticleServer } from '#tests/fixtures/article-server.ts'
import { type FakeOpenAI, fakeAiEnv, fakeOutline, startFakeOpenAI } from '#tests/fixtures/fake-openai.ts'
import { startWithPageBuild, type TestServer } from '#tests/helpers/server-process.ts'

/**
 * Issue 4, the AI Generation and AI Rewriter tabs of /admin/blog/create, end to end in Chromium.
 * Offline mode runs on the shared e2e server (no AI_API_KEY). Everything else runs on a server of
 * its own, wired to a fake OpenAI-compatible provider and a fixture article on 127.0.0.1 (which
 * only a NODE_ENV=test server may fetch: TEST_FETCH_ALLOW_HOSTS, docs/decisions/018).
 */

const TEST_KEY = 'test-key'

/** Set SCREENSHOT_DIR=/tmp/ai-shots to keep a picture of every step for a visual check. */
async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

/** Requests the browser reports as failed on purpose (an error status asked for, an aborted call). */
function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

/** A toast, by its exact title or description, inside the notifications region. */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true })

/**
 * Checks that a toast shows these texts (title, description), then closes it: a toast sits over
 * the bottom-right buttons and does not time out while the pointer rests on it.
 */
async function seeToast(page: Page, ...texts: string[]) {
  for (const text of texts) await expect(toast(page, text)).toBeVisible()
  await closeToast(page)
}

/** Closes the toast on screen (this moves the keyboard focus to its Close button). */
async function closeToast(page: Page) {
  const region = page.getByRole('region', { name: /^Notifications/ })
  await region.getByRole('button', { name: 'Close' }).click()
  await expect(region.getByRole('listitem')).toHaveCount(0)
}

async function openTab(page: Page, name: 'AI Generation' | 'AI Rewriter'): Promise<Locator> {
  await openCreate(page)
  await page.getByRole('tab', { name }).click()
  return page.getByRole('tabpanel', { name })
}

/** The AI Rewriter tab, its Article URL field and its Rewrite Article button. */
async function openRewriter(page: Page) {
  const panel = await openTab(page, 'AI Rewriter')
  return {
    panel,
    url: panel.getByRole('textbox', { name: 'Article URL' }),
    rewrite: panel.getByRole('button', { name: 'Rewrite Article' }),
  }
}

async function fetchPost(page: Page, slug: string): Promise<Post> {
  const res = await page.request.get(`/api/blog/${slug}`)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as Post
}

test.describe('offline mode (no AI_API_KEY)', () => {
  test.describe.configure({ timeout: 60_000 })
  test.use({ signedIn: true })

  test('both tabs show the setup hint instead of the steps, and the branded cover is still made', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const generation = await openTab(page, 'AI Generation')
    await expect(generation.getByRole('heading', { name: 'AI Generation needs an AI provider' })).toBeVisible()
    await expect(generation.getByText(AI_NOT_CONFIGURED, { exact: true })).toBeVisible()
    await expect(generation.getByRole('button', { name: 'Generate Trending Topics' })).toHaveCount(0)
    await expect(generation.getByRole('textbox', { name: 'Keywords' })).toHaveCount(0)
    await expectNoA11yViolations()
    await shot(page, 'offline-generation')

    // 'Generate Image' needs a title and a description, as in the review step.
    await generation.getByRole('button', { name: 'Generate Image' }).click()
    await seeToast(page, 'Please generate content first to create an image.')

    await generation.getByLabel('Post title for the cover').fill('Offline cover for a rewarded video post')
    await generation.getByLabel('Short description of the post').fill('A cover made without any AI provider.')
    await generation.getByRole('button', { name: 'Generate Image' }).click()
    await seeToast(page, 'Image Generated')
    const cover = generation.getByRole('img', { name: 'Cover for "Offline cover for a rewarded video post"' })
    await expect(cover).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.webp$/)
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(900)
    const src = (await cover.getAttribute('src')) as string
    await expect(generation.getByLabel('Cover address')).toHaveValue(src)
    await expect(generation.getByRole('button', { name: 'Regenerate Image' })).toBeVisible()
    const res = await page.request.get(src)
    expect(res.headers()['content-type']).toBe('image/webp')
    await shot(page, 'offline-cover')

    await page.getByRole('tab', { name: 'AI Rewriter' }).click()
    const rewriter = page.getByRole('tabpanel', { name: 'AI Rewriter' })
    await expect(rewriter.getByRole('heading', { name: 'AI Rewriter needs an AI provider' })).toBeVisible()
    await expect(rewriter.getByText(AI_NOT_CONFIGURED, { exact: true })).toBeVisible()
    await expect(rewriter.getByRole('textbox', { name: 'Article URL' })).toHaveCount(0)
    await expectNoA11yViolations()

    // The generation tab kept its state while hidden.
    await page.getByRole('tab', { name: 'AI Generation' }).click()
    await expect(generation.getByRole('img', { name: /^Cover for/ })).toHaveAttribute('src', src)
  })
})

interface AiServers {
  server: TestServer
  fake: FakeOpenAI
  articles: ArticleServer
}

const aiTest = test.extend<object, { ai: AiServers }>({
  ai: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const fake = await startFakeOpenAI({ apiKey: TEST_KEY })
      const articles = await startArticleServer()
      const server = await startWithPageBuild({
        env: fakeAiEnv(fake, TEST_KEY, {
          AI_IMAGE_MODEL: 'fake-image',
          // A held stream must outlast the accessibility checks made while it is held, on a busy machine.
          AI_TIMEOUT_MS: '60000',
          TEST_FETCH_ALLOW_HOSTS: '127.0.0.1',
        }),
      })
      await use({ server, fake, articles })
      await server.stop()
      await articles.close()
      await fake.close()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
})

aiTest.describe('with an AI provider', () => {
  // Whole flows on a 2-core machine shared with other runs: more than the 30 s default.
  aiTest.describe.configure({ timeout: 90_000 })
  aiTest.use({ baseURL: async ({ ai }, use) => use(ai.server.url) })

  aiTest.use({ signedIn: true })

  aiTest.afterEach(async ({ ai }) => {
    // A scripted failure left unused would leak into the next test.
    expect(ai.fake.pending(), 'scripted fake answers left unused').toBe(0)
  })

  aiTest.describe('AI Generation', () => {
    /** Keywords → topics → the topic at `index` → Generate Blog Content → the review form. */
    async function generateToReview(page: Page, panel: Locator, index = 0) {
      const keywords = panel.getByRole('textbox', { name: 'Keywords' })
      await keywords.fill('rewarded video')
      await keywords.press('Enter')
      await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
      await panel.getByRole('radio').nth(index).check()
      await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
      await seeToast(page, 'Content Generated')
      await expect(panel.getByRole('form', { name: 'Review the generated post' })).toBeVisible()
      return panel.getByRole('form', { name: 'Review the generated post' })
    }

    aiTest(
      'keywords, topics, options and a streamed post end as an AI-generated draft with a featured image',
      async ({ page, ai, expectNoA11yViolations }) => {
        const panel = await openTab(page, 'AI Generation')
        await expect(panel.getByRole('heading', { name: 'Step 1: Add keywords' })).toBeVisible()
        await expectNoA11yViolations()
        await shot(page, 'gen-1-empty')

        // Step 1: Enter adds; duplicates (any case or spacing) and blanks are ignored; chips can be removed.
        const keywords = panel.getByRole('textbox', { name: 'Keywords' })
        for (const word of ['rewarded video', 'Gen Z', '  gen   z ', '   ', 'loyalty']) {
          await keywords.fill(word)
          await keywords.press('Enter')
        }
        const chips = panel.getByRole('list', { name: 'Added keywords' }).getByRole('listitem')
        await expect(chips).toHaveText(['rewarded video', 'Gen Z', 'loyalty'])
        await panel.getByRole('button', { name: 'Remove keyword loyalty' }).click()
        await expect(chips).toHaveText(['rewarded video', 'Gen Z'])
        await keywords.fill('GEN Z')
        await expect(panel.getByText('"GEN Z" is already in the list.')).toBeVisible()
        await expect(panel.getByRole('button', { name: 'Add keyword' })).toBeDisabled()
        await keywords.fill('')

        // Step 2: the button reads '(10-15s)' while the topics are generated.
        const topicsCall = await hold(page, '**/api/blog/ai/trending-topics')
        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await expect(panel.getByRole('button', { name: 'Generating Topics... (10-15s)' })).toBeDisabled()
        await shot(page, 'gen-2-topics-loading')
        topicsCall.release()
        const group = panel.getByRole('group', { name: 'Choose the topic to write about' })
        const radios = group.getByRole('radio')
        await expect(radios).toHaveCount(6)
        await expect(panel.getByRole('heading', { name: 'Step 2: Pick a trending topic' })).toBeFocused()
        const sent = ai.fake.requests.at(-1)?.body
        expect(JSON.stringify(sent?.messages)).toContain('- rewarded video')
        expect(JSON.stringify(sent?.messages)).toContain('- Gen Z')

        // Each card shows category, title, description and keywords.
        const first = group.locator('label').first()
        await expect(first).toContainText('Technology')
        await expect(first).toContainText('Topic 1: rewarded video for brands in 2027')
        await expect(first).toContainText('Why rewarded video matters to marketers, idea 1.')
        await expect(first).toContainText('idea 1')
        await expect(radios.first()).toHaveAccessibleName('Topic 1: rewarded video for brands in 2027')

        // Radio semantics: Space picks the focused card, arrow keys move the choice.
        await radios.first().focus()
        await page.keyboard.press('Space')
        await expect(radios.first()).toBeChecked()
        await page.keyboard.press('ArrowRight')
        await expect(radios.nth(1)).toBeChecked()
        await expect(radios.first()).not.toBeChecked()
        await radios.nth(2).check()
        await expect(panel.getByText('Writing about Topic 3: rewarded video for brands in 2027')).toBeVisible()

        // Step 3: the defaults of docs/product.md §9, then our own choices.
        await expect(panel.getByRole('combobox', { name: 'Tone' })).toHaveText('Professional')
        await expect(panel.getByRole('combobox', { name: 'Length' })).toHaveText('Medium (1200-1800 words)')
        await expect(panel.getByRole('textbox', { name: 'Target Audience' })).toHaveValue(
          'brand marketers and Gen Z audiences',
        )
        await expect(panel.getByRole('textbox', { name: 'Call to Action' })).toHaveValue(AI_DEFAULTS.callToAction)
        await panel.getByRole('combobox', { name: 'Tone' }).click()
        await expect(page.getByRole('option')).toHaveText(['Professional', 'Casual', 'Technical', 'Conversational'])
        await page.getByRole('option', { name: 'Conversational' }).click()
        await panel.getByRole('combobox', { name: 'Length' }).click()
        await expect(page.getByRole('option')).toHaveText([
          'Short (800-1200 words)',
          'Medium (1200-1800 words)',
          'Long (1800-2500 words)',
        ])
        await page.getByRole('option', { name: 'Short (800-1200 words)' }).click()
        const points = panel.getByRole('textbox', { name: /^Key Points to Cover/ })
        for (const point of ['Completion rates above 90%', 'completion rates above 90%', '', 'Rewards Gen Z can use']) {
          await points.fill(point)
          await points.press('Enter')
        }
        await expect(panel.getByRole('list', { name: 'Added key points' }).getByRole('listitem')).toHaveText([
          'Completion rates above 90%',
          'Rewards Gen Z can use',
        ])
        await panel.getByRole('textbox', { name: 'Call to Action' }).fill('Book a call with the VidQuest team today.')
        await expectNoA11yViolations()
        await shot(page, 'gen-3-options')

        // Step 4: the post streams in. The fake provider stops half way until released.
        let release: () => void = () => {}
        ai.fake.fail({ kind: 'paused-stream', release: new Promise<void>((r) => (release = r)) })
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await expect(panel.getByRole('button', { name: 'Generating Content... (15-30s)' })).toBeDisabled()
        const streamed = panel.getByRole('region', { name: 'Content written so far' })
        await expect(streamed).toContainText('Rewarded video gives viewers a reason to stay')
        // Issue 15 §2: the SEO assistant scores the draft while it streams (and in the review form).
        const seo = panel.getByRole('region', { name: 'SEO & readability' })
        await expect(seo.getByRole('meter', { name: 'SEO score' })).toBeVisible()
        // Issue 32: its focus keyword is the first keyword of step 1; a change made here goes on with the post.
        await expect(seo.getByRole('textbox', { name: 'Focus keyword' })).toHaveValue('rewarded video')
        await seo.getByRole('textbox', { name: 'Focus keyword' }).fill('rewarded video ads')
        // One word count on screen; the stepped 'about N words so far' is for screen readers only.
        await expect(panel.getByRole('status').filter({ hasText: 'Writing your post…' })).toHaveClass(/sr-only/)
        await expect(panel.getByText(/^\d[\d,]* words$/)).toHaveCount(1)
        await expect(panel.getByRole('heading', { name: 'Topic 3: rewarded video for brands in 2027' })).toBeVisible()
        // Half a post: not yet the end, and not yet editable.
        await expect(streamed).not.toContainText('Frequently Asked Questions')
        await expect(panel.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0)
        await expectNoA11yViolations()
        await shot(page, 'gen-4-streaming')
        release()

        await seeToast(page, 'Content Generated')
        const review = panel.getByRole('form', { name: 'Review the generated post' })
        await expect(review.getByRole('textbox', { name: 'Title' })).toHaveValue(
          'Topic 3: rewarded video for brands in 2027',
        )
        await expect(review.getByRole('textbox', { name: 'Slug' })).toHaveValue(
          'topic-3-rewarded-video-for-brands-in-2027',
        )
        await expect(review.getByRole('textbox', { name: 'Excerpt' })).toHaveValue(
          'How rewarded video turns viewers into customers, and what brands should measure first.',
        )
        const content = review.getByRole('textbox', { name: 'Content (Markdown)' })
        await expect(content).toHaveValue(/### Key point: Completion rates above 90%/)
        await expect(review.getByRole('region', { name: 'SEO & readability' })).toContainText(
          'Title length: The title is 42 characters, within 30–60.',
        )
        await expect(
          review.getByRole('region', { name: 'SEO & readability' }).getByRole('textbox', { name: 'Focus keyword' }),
        ).toHaveValue('rewarded video ads')
        await expect(content).toHaveValue(/Book a call with the VidQuest team today\.$/)
        await expect(review.getByRole('combobox', { name: 'Category' })).toHaveText('Market Trends')
        await expect(review.getByRole('textbox', { name: 'Author' })).toHaveValue('VidQuest Team')
        await expect(review.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveText([
          'rewarded video',
          'gen z',
          'marketing',
        ])
        // The options reached the provider.
        const prompt = JSON.stringify(ai.fake.requests.at(-1)?.body?.messages)
        expect(prompt).toContain('Tone: conversational')
        expect(prompt).toContain('between 800 and 1200 words')
        expect(prompt).toContain('Target audience: brand marketers and Gen Z audiences')
        expect(prompt).toContain('- Rewards Gen Z can use')
        expect(prompt).toContain('Call to action: Book a call with the VidQuest team today.')

        // The slug follows an edited title while it still matches the old one.
        await review.getByRole('textbox', { name: 'Title' }).fill('Rewarded Video: What Gen Z Wants')
        await expect(review.getByRole('textbox', { name: 'Slug' })).toHaveValue('rewarded-video-what-gen-z-wants')
        const slug = uniqueSlug('ai-draft')
        await review.getByRole('textbox', { name: 'Slug' }).fill(slug)
        await expectNoA11yViolations()

        // Featured image: '20-30s' while it is made, then Regenerate.
        const imageCall = await hold(page, '**/api/blog/ai/generate-image')
        await review.getByRole('button', { name: 'Generate Image' }).click()
        await expect(review.getByRole('button', { name: 'Generating Image... (20-30s)' })).toBeDisabled()
        imageCall.release()
        await seeToast(page, 'Image Generated')
        const image = review.getByRole('img', { name: 'Cover for "Rewarded Video: What Gen Z Wants"' })
        await expect(image).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.webp$/)
        await expect(review.getByRole('button', { name: 'Regenerate Image' })).toBeVisible()
        expect(ai.fake.requests.at(-1)?.path).toBe('/v1/images/generations')
        await shot(page, 'gen-4-review')
        const imageUrl = await image.getAttribute('src')

        await review.getByRole('button', { name: 'Save as Draft' }).click()
        await seeToast(page, 'Blog Post Created', 'Blog post created successfully.')
        await expectSavedInEditor(page)
        const post = await fetchPost(page, slug)
        expect(post).toMatchObject({
          title: 'Rewarded Video: What Gen Z Wants',
          excerpt: 'How rewarded video turns viewers into customers, and what brands should measure first.',
          category: 'market-trends',
          author: 'VidQuest Team',
          tags: ['rewarded video', 'gen z', 'marketing'],
          featuredImage: imageUrl,
          aiGenerated: true,
          isPublished: false,
          publishedAt: null,
          focusKeyword: 'rewarded video ads',
        })
        expect(post.content).toContain('## Frequently Asked Questions')
      },
    )

    aiTest(
      'Schedule in the review step saves an AI-generated draft that goes live at the time picked (issue 27 §12)',
      async ({ page }) => {
        const panel = await openTab(page, 'AI Generation')
        const review = await generateToReview(page, panel, 2)
        const slug = uniqueSlug('ai-scheduled')
        await review.getByRole('textbox', { name: 'Slug' }).fill(slug)
        // The manual tab's control, between Save as Draft and Publish Now.
        await expect(review.getByRole('button', { name: /^(Save as Draft|Schedule|Publish Now)$/ })).toHaveText([
          'Save as Draft',
          'Schedule',
          'Publish Now',
        ])
        await review.getByRole('button', { name: 'Schedule', exact: true }).click()
        const dialog = page.getByRole('dialog', { name: 'Schedule post' })
        const at = new Date(Date.now() + 3 * 86_400_000)
        const date = await page.evaluate((ms) => {
          const d = new Date(ms)
          const pad = (n: number) => String(n).padStart(2, '0')
          return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
        }, at.getTime())
        await dialog.getByLabel('Date', { exact: true }).fill(date)
        await dialog.getByLabel('Time', { exact: true }).fill('13:00')
        await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()

        await expect(toast(page, 'Post scheduled')).toBeVisible()
        const post = await fetchPost(page, slug)
        // Issue 32: as after Save as Draft, the writer is on the new post's edit screen, its schedule shown.
        await expectSavedInEditor(page, post.id)
        await expect(page.getByRole('region', { name: 'Schedule' })).toContainText('Scheduled for')
        expect(post).toMatchObject({
          aiGenerated: true,
          isPublished: false,
          title: 'Topic 3: rewarded video for brands in 2027',
        })
        const scheduled = await page.evaluate((iso) => {
          const d = new Date(iso)
          const pad = (n: number) => String(n).padStart(2, '0')
          return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
        }, post.scheduledAt as string)
        expect(scheduled).toBe(`${date} 13:00`)
      },
    )

    aiTest(
      'Publish Now publishes the reviewed post and the toast tells about a changed slug',
      async ({ page, createPost }) => {
        const existing = await createPost({ slug: uniqueSlug('ai-taken') })
        const panel = await openTab(page, 'AI Generation')
        const review = await generateToReview(page, panel, 1)
        await review.getByRole('textbox', { name: 'Slug' }).fill(existing.slug)
        await review.getByRole('button', { name: 'Publish Now' }).click()
        await seeToast(
          page,
          'Blog Post Created',
          `Blog post created. The slug "${existing.slug}" was already taken, so it was saved as "${existing.slug}-1".`,
        )
        await expectSavedInEditor(page)
        const post = await fetchPost(page, `${existing.slug}-1`)
        expect(post).toMatchObject({
          title: 'Topic 2: rewarded video for brands in 2027',
          category: 'market-trends',
          aiGenerated: true,
          isPublished: true,
          featuredImage: null,
        })
        expect(post.publishedAt).not.toBeNull()
      },
    )

    aiTest(
      'each step says what is missing: keywords, a topic, then a title and excerpt for the image',
      async ({ page, ai }) => {
        const panel = await openTab(page, 'AI Generation')
        const requests = ai.fake.requests.length
        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await expect(toast(page, 'Please add at least one keyword.')).toBeVisible()
        const keywords = panel.getByRole('textbox', { name: 'Keywords' })
        await expect(keywords).toBeFocused()
        await closeToast(page)
        await expect(keywords).toHaveAttribute('aria-invalid', 'true')
        await expect(keywords).toHaveAccessibleDescription(/Please add at least one keyword\./)

        await keywords.fill('rewarded video')
        await keywords.press('Enter')
        await expect(keywords).not.toHaveAttribute('aria-invalid', 'true')
        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await expect(panel.getByRole('radio')).toHaveCount(6)
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await seeToast(page, 'Please select a topic first.')
        // Only the topics reached the provider.
        expect(ai.fake.requests.length).toBe(requests + 1)

        await panel.getByRole('radio').first().check()
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await seeToast(page, 'Content Generated')
        const review = panel.getByRole('form', { name: 'Review the generated post' })
        await review.getByRole('textbox', { name: 'Excerpt' }).fill('')
        await review.getByRole('button', { name: 'Generate Image' }).click()
        await seeToast(page, 'Please generate content first to create an image.')
        await expect(review.getByRole('img')).toHaveCount(0)

        // The review form checks the post as the manual form does.
        await review.getByRole('textbox', { name: 'Title' }).fill('')
        await review.getByRole('textbox', { name: 'Slug' }).fill('')
        await review.getByRole('button', { name: 'Publish Now' }).click()
        await expect(review.getByText('Title is required')).toBeVisible()
        await expect(review.getByText('Slug is required')).toBeVisible()
        await expect(page).toHaveURL(/\/admin\/blog\/create$/)

        // Cancel leaves for blog management.
        await review.getByRole('button', { name: 'Cancel' }).click()
        await expect(page).toHaveURL(/\/admin\/blog$/)
      },
    )

    aiTest(
      'provider and network failures show the toasts of docs/product.md §8 and keep the work',
      async ({ page, ai, consoleErrors }) => {
        const panel = await openTab(page, 'AI Generation')
        const keywords = panel.getByRole('textbox', { name: 'Keywords' })
        await keywords.fill('rewarded video')
        await keywords.press('Enter')

        // Topics: a refused key (not retried) → 'Generation Failed', the error, the 10-15 s sentence.
        ai.fake.fail({ kind: 'status', status: 401 })
        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await seeToast(
          page,
          'Generation Failed',
          'The AI provider refused the API key (HTTP 401). Check AI_API_KEY. This may take 10-15 seconds - please wait.',
        )
        await expect(panel.getByRole('radio')).toHaveCount(0)
        await expect(panel.getByRole('list', { name: 'Added keywords' }).getByRole('listitem')).toHaveText([
          'rewarded video',
        ])

        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await panel.getByRole('radio').first().check()

        // Content: two malformed answers in a row → the stream's error line.
        ai.fake.fail({ kind: 'malformed-json' }, { kind: 'malformed-json' })
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await seeToast(page, 'Failed to generate blog content. Please try again.')
        const alert = panel.getByRole('alert')
        await expect(alert).toContainText('Failed to generate blog content. Please try again.')
        await expect(alert).toContainText('did not meet the requirements twice in a row')
        await expect(panel.getByRole('button', { name: 'Generate Blog Content' })).toBeEnabled()
        await shot(page, 'gen-content-failed')

        // A short draft that misses a rule is written again, and the reader told why.
        await panel.getByRole('combobox', { name: 'Length' }).click()
        await page.getByRole('option', { name: 'Short (800-1200 words)' }).click()
        let release: () => void = () => {}
        ai.fake.fail({ kind: 'too-short' }, { kind: 'paused-stream', release: new Promise<void>((r) => (release = r)) })
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await expect(panel.getByRole('alert')).toHaveCount(0)
        await expect(
          panel.getByText(/^The first draft did not meet the requirements \(.+\), so a new one is being written\.$/),
        ).toBeVisible()
        const streamed = panel.getByRole('region', { name: 'Content written so far' })
        await expect(streamed).toContainText('Rewarded video gives viewers a reason to stay')
        await expect(streamed).not.toContainText('Too short.')
        release()
        await seeToast(page, 'Content Generated')
        await expect(panel.getByText(/^The first draft did not meet/)).toHaveCount(0)
        const review = panel.getByRole('form', { name: 'Review the generated post' })

        // Image refused by the server → 'Failed to generate image.'
        await page.route('**/api/blog/ai/generate-image', (route) =>
          route.fulfill({ status: 500, json: { success: false, error: 'Something went wrong.', fields: {} } }),
        )
        await review.getByRole('button', { name: 'Generate Image' }).click()
        await seeToast(page, 'Failed to generate image.')
        await page.unroute('**/api/blog/ai/generate-image')

        // Image call without an answer → the 20-30 s sentence.
        await page.route('**/api/blog/ai/generate-image', (route) => route.abort('failed'))
        await review.getByRole('button', { name: 'Generate Image' }).click()
        await seeToast(page, 'Failed to generate blog image. This can take 20-30 seconds - please wait.')
        await page.unroute('**/api/blog/ai/generate-image')
        await expect(review.getByRole('img')).toHaveCount(0)

        // Create refused without a sentence → the spec's fallback, and the form stays.
        await page.route('**/api/blog', (route) =>
          route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
        )
        await review.getByRole('button', { name: 'Save as Draft' }).click()
        await seeToast(page, 'Failed to create blog post. Please try again.')
        await expect(page).toHaveURL(/\/admin\/blog\/create$/)
        await expect(review.getByRole('button', { name: 'Save as Draft' })).toBeEnabled()

        expectConsoleNoise(consoleErrors, /status of 50[02]|status of 401|ERR_FAILED/)
      },
    )

    aiTest(
      'a medium post is written part by part; a short draft is kept with a notice, and Expand lengthens it',
      async ({ page, ai }) => {
        const panel = await openTab(page, 'AI Generation')
        const keywords = panel.getByRole('textbox', { name: 'Keywords' })
        await keywords.fill('rewarded video')
        await keywords.press('Enter')
        await panel.getByRole('button', { name: 'Generate Trending Topics' }).click()
        await panel.getByRole('radio').first().check()

        // The outline, then the introduction far too short, the first section held half way, the rest too short.
        let release: () => void = () => {}
        ai.fake.fail(
          { kind: 'content', content: JSON.stringify(fakeOutline('Topic: Rewarded video for launches')) },
          { kind: 'too-short' },
          { kind: 'paused-stream', release: new Promise<void>((r) => (release = r)) },
          ...Array(5).fill({ kind: 'too-short' }),
        )
        await panel.getByRole('button', { name: 'Generate Blog Content' }).click()
        await expect(panel.getByText(/^Writing part 2 of 7: Why Rewarded Video Works · \d+ words$/)).toBeVisible()
        await shot(page, 'gen-parts-streaming')
        release()
        await seeToast(page, 'Content Generated')

        // Nothing was thrown away: the draft is kept, and the writer is told how long it is.
        const review = panel.getByRole('form', { name: 'Review the generated post' })
        const notes = review.getByRole('region', { name: 'Check before saving' })
        await expect(notes).toContainText(/^Check before saving\d+ words; you asked for 1,200–1,800\./)
        const content = review.getByRole('textbox', { name: 'Content (Markdown)' })
        const draft = await content.inputValue()
        expect(draft).toContain('Too short.')
        expect(draft).toContain('## Why Rewarded Video Works')
        await page.setViewportSize({ width: 390, height: 844 })
        await notes.scrollIntoViewIfNeeded()
        await shot(page, 'gen-notice-390')
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
        await page.setViewportSize({ width: 1440, height: 900 })

        // Expand lengthens the sections into the range; every sentence of the draft stays.
        await notes.getByRole('button', { name: 'Expand' }).click()
        await expect(notes).toHaveCount(0)
        const expanded = await content.inputValue()
        for (const piece of draft.split('\n\n')) expect(expanded).toContain(piece)
        await expect(review.getByText(/^1,?[0-9]{3} words\. Markdown/)).toBeVisible()
        await shot(page, 'gen-expanded')

        // Saved as it is now.
        await review.getByRole('button', { name: 'Save as Draft' }).click()
        await seeToast(page, 'Blog Post Created')
        await expectSavedInEditor(page)
      },
    )
  })

  aiTest.describe('AI Rewriter', () => {
    aiTest(
      'an article URL becomes a rewritten post with its source, an image, and is published',
      async ({ page, ai, expectNoA11yViolations }) => {
        const { panel, url, rewrite } = await openRewriter(page)
        await expect(rewrite).toBeDisabled()
        await url.fill('   ')
        await expect(rewrite).toBeDisabled()
        await expectNoA11yViolations()
        await shot(page, 'rw-1-empty')

        await url.fill(ai.articles.url)
        await expect(rewrite).toBeEnabled()
        const call = await hold(page, '**/api/blog/ai/rewrite-article')
        await rewrite.click()
        await expect(panel.getByRole('button', { name: 'Rewriting Article...' })).toBeDisabled()
        call.release()
        await expect(toast(page, 'Article Rewritten')).toBeVisible()
        expect(ai.articles.hits).toContain('/article')
        const result = panel.getByRole('region', { name: 'Rewritten article' })
        await expect(result.getByRole('heading', { name: 'Rewritten article' })).toBeFocused()
        await closeToast(page)

        const title = `A Fresh Look: ${ARTICLE_TITLE}`
        await expect(result.getByRole('heading', { name: title })).toBeVisible()
        await expect(result).toContainText(
          'How rewarded video turns viewers into customers, and what brands should measure first.',
        )
        await expect(result).toContainText('Market Trends')
        await expect(result.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
          'rewarded video',
          'gen z',
          'marketing',
        ])
        const source = result.getByRole('link', { name: new RegExp(ARTICLE_TITLE) })
        await expect(source).toHaveAttribute('href', ai.articles.url)
        await expect(source).toHaveAttribute('target', '_blank')
        await expect(result.getByText('Source:')).toBeVisible()
        // The first 500 characters of the content, then an ellipsis.
        const preview = (await result.locator('p.font-mono').textContent()) ?? ''
        expect(preview.endsWith('...')).toBe(true)
        expect(Array.from(preview.slice(0, -3)).length).toBeLessThanOrEqual(500)
        expect(preview.length).toBeGreaterThan(400)
        await expect(
          result.getByText(
            'Tip: image generation takes 20-30 seconds. You can publish the post first and add an image later.',
          ),
        ).toBeVisible()
        await expect(result.getByRole('img')).toHaveCount(0)
        await expectNoA11yViolations()
        await shot(page, 'rw-2-result')

        await result.getByRole('button', { name: 'Generate Image' }).click()
        await seeToast(page, 'Image Generated')
        const image = result.getByRole('img', { name: `Cover for "${title}"` })
        await expect(image).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.webp$/)
        const imageUrl = await image.getAttribute('src')
        await shot(page, 'rw-3-image')

        await result.getByRole('button', { name: 'Publish Now' }).click()
        await seeToast(page, 'Blog Post Created')
        await expectSavedInEditor(page)
        const list = (await (await page.request.get('/api/blog')).json()) as Post[]
        const saved = list.find((p) => p.title === title && p.featuredImage === imageUrl)
        expect(saved, 'the published rewrite').toBeDefined()
        expect(saved).toMatchObject({
          category: 'market-trends',
          aiGenerated: true,
          isPublished: true,
          sourceUrl: ai.articles.url,
          sourceTitle: ARTICLE_TITLE,
          tags: ['rewarded video', 'gen z', 'marketing'],
        })

        // The edit screen names the article it was written from.
        await page.goto(`/admin/blog/edit/${saved?.id}`)
        await expect(page.getByRole('heading', { level: 3, name: 'Source' })).toBeVisible()
        const link = page.getByRole('link', { name: ARTICLE_TITLE })
        await expect(link).toHaveAttribute('href', ai.articles.url)
        await expect(link).toHaveAttribute('target', '_blank')
      },
    )

    aiTest(
      'Save Draft keeps the rewrite unpublished; a failed save says so and stays',
      async ({ page, ai, consoleErrors }) => {
        const { panel, url, rewrite } = await openRewriter(page)
        await url.fill(`${ai.articles.origin}/article.gz`)
        await rewrite.click()
        await seeToast(page, 'Article Rewritten')
        const result = panel.getByRole('region', { name: 'Rewritten article' })

        await page.route('**/api/blog', (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({ status: 409, json: { success: false, error: 'Slug taken.', fields: {} } })
            : route.fallback(),
        )
        await result.getByRole('button', { name: 'Save Draft' }).click()
        await seeToast(page, 'Failed to create blog post.')
        await expect(page).toHaveURL(/\/admin\/blog\/create$/)
        await page.unroute('**/api/blog')

        await result.getByRole('button', { name: 'Save Draft' }).click()
        await seeToast(page, 'Blog Post Created')
        await expectSavedInEditor(page)
        const list = (await (await page.request.get('/api/blog?published=false')).json()) as Post[]
        const saved = list.find((p) => p.sourceUrl === `${ai.articles.origin}/article.gz`)
        expect(saved).toMatchObject({ aiGenerated: true, isPublished: false, featuredImage: null })
        expectConsoleNoise(consoleErrors, /status of 409/)
      },
    )

    aiTest(
      'refused addresses, unusable pages and lost connections get their messages',
      async ({ page, ai, consoleErrors }) => {
        const { panel, url, rewrite } = await openRewriter(page)
        const before = ai.articles.hits.length

        // Not an http(s) address: refused in the form, nothing sent.
        await url.fill('ftp://example.com/article')
        await rewrite.click()
        await expect(panel.getByText('Please enter a valid http:// or https:// address.')).toBeVisible()
        await expect(url).toHaveAttribute('aria-invalid', 'true')

        // A private address: the server refuses it (SSRF guard) and says why, next to the field,
        // once: not again in a toast (issue 11 §2).
        await url.fill('http://169.254.169.254/latest/meta-data')
        await rewrite.click()
        const refusal = panel.locator('#rewrite-url-error')
        await expect(refusal).toContainText('169.254.169.254')
        await expect(url).toBeFocused()
        // The toaster mounts with the first toast (decision 037): no region, or none saying it.
        await expect(page.getByRole('region', { name: /^Notifications/ }).getByText(/169\.254\.169\.254/)).toHaveCount(
          0,
        )

        // A page that is not HTML: the server's sentence.
        await url.fill(`${ai.articles.origin}/pdf`)
        await rewrite.click()
        await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText(/HTML/)
        await seeToast(page, 'Error')
        expect(ai.articles.hits.slice(before)).toEqual(['/pdf'])

        // The provider fails: its mapped sentence.
        ai.fake.fail({ kind: 'status', status: 401 })
        await url.fill(ai.articles.url)
        await rewrite.click()
        await seeToast(page, 'The AI provider refused the API key (HTTP 401). Check AI_API_KEY.')

        // No answer at all.
        await page.route('**/api/blog/ai/rewrite-article', (route) => route.abort('failed'))
        await rewrite.click()
        await seeToast(page, 'Failed to rewrite article. Please check the URL and try again.')
        await expect(panel.getByRole('region', { name: 'Rewritten article' })).toHaveCount(0)
        await shot(page, 'rw-failed')

        expectConsoleNoise(consoleErrors, /status of 4\d\d|status of 50\d|ERR_FAILED/)
      },
    )
  })
})
