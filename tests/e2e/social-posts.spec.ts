import type { Locator, Page } from '@playwright/test'
import type { Post } from '#common/contract/posts.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'
import { atWidths, createPostOn, expect, hydrated, openSettings, signIn, test } from '#tests/e2e/fixtures.ts'
import { type FakeLinkedIn, fakeLinkedInEnv, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'
import { type FakeThreads, fakeThreadsEnv, startFakeThreads } from '#tests/fixtures/fake-threads.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// Issue 29: the edit screen's Promote panel (a row per network), against a server of this spec's own whose
// LinkedIn and Threads settings lead to the stand-ins of tests/fixtures.

interface Own {
  server: TestServer
  linkedIn: FakeLinkedIn
  threads: FakeThreads
}

/** Starts fake LinkedIn and Threads and a server pointed at both, before this file's tests; stops them after. */
function serverWithFakeNetworks(): Own {
  const own = {} as Own
  test.beforeAll(async () => {
    test.setTimeout(90_000)
    own.linkedIn = await startFakeLinkedIn()
    own.threads = await startFakeThreads()
    own.server = await startTestServer({ env: { ...fakeLinkedInEnv(own.linkedIn), ...fakeThreadsEnv(own.threads) } })
  })
  test.afterAll(async () => {
    await own.server?.stop()
    await own.linkedIn?.close()
    await own.threads?.close()
  })
  return own
}

const own = serverWithFakeNetworks()

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })

/** Signs the page in on the own server and creates a published post there. */
async function setUp(page: Page, slug: string): Promise<Post> {
  await signIn(page.request, own.server.url)
  return await createPostOn(
    page.request,
    {
      title: `Other networks ${slug}`,
      slug,
      excerpt: 'Rewarded video for B2B teams. What works and what does not.',
      content: 'Body.',
      tags: ['rewards', 'video'],
      isPublished: true,
    },
    own.server.url,
  )
}

async function openPanel(page: Page, id: number) {
  await page.goto(`${own.server.url}/admin/blog/edit/${id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
  await hydrated(page)
  // The panels sit with the post's settings: beside the writing when wide, in a sheet on a phone.
  await openSettings(page)
  const panel = page.getByRole('region', { name: 'Promote' })
  await expect(panel.getByRole('heading', { name: 'Promote', level: 2 })).toBeVisible()
  for (const network of ['X', 'LinkedIn', 'Bluesky', 'Mastodon', 'Threads']) {
    await expect(panel.getByRole('region', { name: `${network} posts (0)` })).toContainText(`No ${network} posts yet.`)
  }
  return panel
}

async function socialPosts(page: Page, postId: number): Promise<SocialPost[]> {
  const res = await page.request.get(`${own.server.url}/api/blog/${postId}/social-posts`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { socialPosts: SocialPost[] }).socialPosts
}

/** Requests the browser reports as failed on purpose (a refused Save). */
function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const settings = document.getElementById('post-settings')
    const sheet = settings ? settings.scrollWidth - settings.clientWidth : 0
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, sheet)
  })
  expect(overflow).toBeLessThanOrEqual(0)
}

const words = (count: number, word = 'reach') => Array.from({ length: count }, () => word).join(' ')
const counter = (card: Locator) => card.getByText(/[\d,]+ \/ [\d,]+/)

atWidths((width) => {
  test('LinkedIn: generate, the live counter, a refusal kept under the field, Save, Post now', async ({
    page,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    const post = await setUp(page, `social-li-${width}-${Date.now().toString(36)}`)
    const panel = await openPanel(page, post.id)

    await panel.getByRole('button', { name: 'Generate LinkedIn post' }).click()
    await expect(toastText(page, 'LinkedIn post created')).toBeVisible()
    const card = panel.getByRole('article', { name: /^LinkedIn post created/ })
    await expect(card).toHaveCount(1)
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    const box = card.getByRole('textbox', { name: 'Text of the LinkedIn post' })
    const [generated] = await socialPosts(page, post.id)
    await expect(box).toHaveValue(generated!.text)
    await expect(counter(card)).toContainText(`${generated!.used.toLocaleString('en-US')} / 3,000`)
    // LinkedIn has no threads.
    await expect(card.getByRole('checkbox', { name: 'Post as a thread' })).toHaveCount(0)

    // Past 3,000: the counter turns red, and the server's sentence comes under the field.
    const tooLong = `A short hook for the feed.\n\n${words(620)}`
    await box.fill(tooLong)
    await expect(counter(card)).toHaveClass(/text-red-700/)
    await expect(counter(card)).toContainText('over')
    await card.getByRole('button', { name: 'Save' }).click()
    const refusal = card.getByText(/of 3,000 characters as LinkedIn counts them with the link: shorten it\./)
    await expect(refusal).toBeVisible()
    await expect(box).toHaveAccessibleDescription(/of 3,000 characters as LinkedIn counts them/)
    await expect(box).toHaveValue(tooLong)
    await refusal.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `/tmp/social-linkedin-refused-${width}.png` })
    expectConsoleNoise(consoleErrors, /status of 400/)
    await expectNoSidewaysScroll(page)
    await expectNoA11yViolations()

    // A hook longer than what LinkedIn shows before 'see more' is said as it is typed.
    await box.fill(`${words(50, 'headline')}\n\nThe rest.`)
    await expect(card.getByText(/LinkedIn shows the first 210 before 'see more'/)).toBeVisible()

    const fixed = `Rewarded video works for B2B.\n\n${words(40)}\n\nWhat have you tried? #video #b2b`
    await box.fill(fixed)
    await expect(counter(card)).not.toHaveClass(/text-red-700/)
    await expect(refusal).toHaveCount(0)
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(toastText(page, 'Saved')).toBeVisible()
    await expect(card.getByText('Saved', { exact: true })).toBeVisible()
    expect((await socialPosts(page, post.id))[0]!.text).toBe(fixed.trim())

    await page.screenshot({ path: `/tmp/social-linkedin-edit-${width}.png` })
    await card.screenshot({ path: `/tmp/social-linkedin-card-${width}.png` })

    const sent = own.linkedIn.received.length
    await card.getByRole('button', { name: 'Post now' }).click()
    await expect(toastText(page, 'Posted to LinkedIn')).toBeVisible()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    const [stored] = await socialPosts(page, post.id)
    const link = card.getByRole('link', { name: /^View on LinkedIn/ })
    await expect(link).toHaveAttribute('href', stored!.remoteUrl!)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toContainText('(opens in a new tab)')
    await expect(card.getByRole('textbox')).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Post now' })).toHaveCount(0)
    expect(own.linkedIn.received.length - sent).toBe(1)
    expect(own.linkedIn.received.at(-1)!.text).toContain('Rewarded video works for B2B.')
    await expectNoSidewaysScroll(page)
    await card.screenshot({ path: `/tmp/social-linkedin-posted-${width}.png` })
  })

  test('Threads: the network chosen by keyboard, a thread shown as numbered parts, Post now sends a reply chain', async ({
    page,
  }) => {
    const post = await setUp(page, `social-th-${width}-${Date.now().toString(36)}`)
    const panel = await openPanel(page, post.id)

    // Each network's row has its own Generate button, reached and pressed from the keyboard.
    await panel.getByRole('button', { name: 'Generate Mastodon post' }).focus()
    await page.keyboard.press('Tab')
    await expect(panel.getByRole('button', { name: 'Generate Threads post' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toastText(page, 'Threads post created')).toBeVisible()
    const card = panel.getByRole('article', { name: /^Threads post created/ })
    const box = card.getByRole('textbox', { name: 'Text of the Threads post' })

    const long = [
      `Rewarded video is the ad format people choose. ${words(50, 'watch')}.`,
      `Completion rates beat every other format we measured. ${words(50, 'finish')}.`,
      `Here is how B2B teams can start this quarter. ${words(50, 'start')}.`,
    ].join('\n\n')
    await box.fill(long)
    await expect(counter(card)).toHaveClass(/text-red-700/)
    await card.getByRole('checkbox', { name: 'Post as a thread' }).check()
    await expect(card.getByRole('radio', { name: 'the last part' })).toBeChecked()
    const parts = card.getByRole('list', { name: 'Parts of the thread' }).getByRole('listitem')
    const count = await parts.count()
    expect(count).toBeGreaterThan(1)
    for (let i = 0; i < count; i++) await expect(parts.nth(i)).toContainText(`${i + 1}/${count}`)
    await expect(counter(card)).not.toHaveClass(/text-red-700/)
    await expect(counter(card)).toContainText('Longest part:')
    await card.getByRole('checkbox', { name: 'Post as a thread' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `/tmp/social-threads-choices-${width}.png` })
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(toastText(page, 'Saved')).toBeVisible()
    const [saved] = await socialPosts(page, post.id)
    expect(saved).toMatchObject({ asThread: true, linkAt: 'last', fits: true })
    expect(saved!.parts).toHaveLength(count)
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `/tmp/social-threads-edit-${width}.png` })
    await card.screenshot({ path: `/tmp/social-threads-card-${width}.png` })

    const sent = own.threads.received.length
    await card.getByRole('button', { name: 'Post now' }).click()
    await expect(toastText(page, 'Posted to Threads')).toBeVisible()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    await expect(card.getByRole('link', { name: /^View on Threads/ })).toBeVisible()
    const chain = own.threads.received.slice(sent)
    expect(chain.map((p) => p.text)).toEqual(saved!.parts)
    expect(chain[0]!.replyTo).toBeUndefined()
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.replyTo).toBe(chain[i - 1]!.id)
    // Once posted, the parts are shown as they went.
    await expect(card.getByRole('list', { name: 'Parts of the thread' }).getByRole('listitem')).toHaveCount(count)
    await expectNoSidewaysScroll(page)
  })
  test('Schedule and Cancel schedule on a connected network; a network not connected says how to connect it', async ({
    page,
  }) => {
    const post = await setUp(page, `social-sc-${width}-${Date.now().toString(36)}`)
    const panel = await openPanel(page, post.id)
    await panel.getByRole('button', { name: 'Generate LinkedIn post' }).click()
    const card = panel.getByRole('article', { name: /^LinkedIn post created/ })
    await expect(card.getByRole('textbox', { name: 'Text of the LinkedIn post' })).toBeVisible()

    await card.getByRole('button', { name: 'Schedule' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule LinkedIn post' })
    await expect(dialog).toContainText('It is posted to LinkedIn at the time you pick.')
    await dialog.getByRole('group', { name: 'Quick slots' }).getByRole('button').first().click()
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(toastText(page, 'LinkedIn post scheduled')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible()
    await expect(card.getByRole('textbox')).toHaveCount(0)
    expect((await socialPosts(page, post.id))[0]).toMatchObject({ status: 'scheduled' })

    await card.getByRole('button', { name: 'Cancel schedule' }).click()
    await expect(toastText(page, 'Schedule cancelled')).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    await expect(card.getByRole('textbox', { name: 'Text of the LinkedIn post' })).toBeVisible()

    // Mastodon is not connected on this server: no Post now on its card, one line under the list.
    await panel.getByRole('button', { name: 'Generate Mastodon post' }).click()
    const mastodon = panel.getByRole('article', { name: /^Mastodon post created/ })
    await expect(mastodon.getByRole('textbox', { name: 'Text of the Mastodon post' })).toBeVisible()
    await expect(mastodon.getByRole('button', { name: 'Post now' })).toHaveCount(0)
    await expect(mastodon.getByRole('button', { name: 'Schedule' })).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Post now' })).toBeVisible()
    await expect(
      panel.getByText(
        'Posting to Mastodon is not connected: set MASTODON_URL and MASTODON_ACCESS_TOKEN on the server, or connect it under Channels.',
      ),
    ).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Channels' })).toHaveAttribute('href', '/admin/channels')
    await expect(panel.getByText(/Posting to LinkedIn is not connected/)).toHaveCount(0)
    await expectNoSidewaysScroll(page)
  })
  test('a refusal by the network: its message in a toast and on the card, Failed; a retry that works posts it', async ({
    page,
    consoleErrors,
  }) => {
    const post = await setUp(page, `social-fail-${width}-${Date.now().toString(36)}`)
    const panel = await openPanel(page, post.id)
    await panel.getByRole('button', { name: 'Generate Threads post' }).click()
    const card = panel.getByRole('article', { name: /^Threads post created/ })
    await expect(card.getByRole('textbox', { name: 'Text of the Threads post' })).toBeVisible()

    own.threads.setMode('down')
    try {
      await card.getByRole('button', { name: 'Post now' }).click()
      await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Post to Threads failed')
      await expect(card.getByText('Failed', { exact: true })).toBeVisible()
      await expect(card.getByText('Post to Threads failed:')).toBeVisible()
    } finally {
      own.threads.setMode('ok')
    }
    expectConsoleNoise(consoleErrors, /status of 502/)
    const [failed] = await socialPosts(page, post.id)
    expect(failed).toMatchObject({ status: 'failed', postedParts: 0 })
    await expect(card).toContainText(failed!.errorMessage!)
    await expectNoSidewaysScroll(page)

    await card.getByRole('button', { name: 'Post now' }).click()
    await expect(toastText(page, 'Posted to Threads')).toBeVisible()
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    await expect(card.getByText('Post to Threads failed:')).toHaveCount(0)
  })
})
