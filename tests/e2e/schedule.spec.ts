import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { formatDate, scheduledLabel } from '#app/lib/dates.ts'
import { addDays, nextSlots, toWallTime } from '#app/lib/schedule-time.ts'
import type { Post } from '#common/contract/posts.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import {
  createPostOn,
  expect,
  expectSavedInEditor,
  openCreate,
  preferMarkdown,
  serverWithFakeX,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

// Issue 14: the browser runs on a Berlin clock, so what the admin types and reads is Berlin time
// while the server keeps UTC.
const ZONE = 'Europe/Berlin'
// …and reads dates as a British reader writes them.
const READER = { locale: 'en-GB', zone: ZONE }

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
const dialog = (page: Page) => page.getByRole('dialog')
const scheduleState = (page: Page) => page.getByRole('region', { name: 'Schedule' })

async function openEdit(page: Page, id: number, origin = '') {
  await page.goto(`${origin}/admin/blog/edit/${id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
}

async function fetchPost(request: APIRequestContext, id: number, origin = ''): Promise<Post> {
  const res = await request.get(`${origin}/api/blog/id/${id}`)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as Post
}

/** The first whole minute at least `leadMs` from now: what a time input (minutes only) can hold. */
function minuteAhead(leadMs: number): Date {
  return new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000)
}

/** Types a moment into the dialog's date and time fields, on the Berlin clock. */
async function fillMoment(scope: Locator, at: Date, labels: [string, string] = ['Date', 'Time']) {
  const wall = toWallTime(at, ZONE)
  await scope.getByLabel(labels[0], { exact: true }).fill(wall.date)
  await scope.getByLabel(labels[1], { exact: true }).fill(wall.time)
}

test.describe('Scheduling a post', () => {
  test.use({ signedIn: true, timezoneId: ZONE, locale: READER.locale })

  test('schedule from the edit screen, change, cancel, see it on the list and its filter, cancel there, schedule again and watch it go live', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(180_000)
    const title = `Scheduled launch ${uniqueSlug('s')}`
    const post = await createPost({ title, isPublished: false })
    const published = await createPost({ title: `Already live ${uniqueSlug('p')}`, isPublished: true })
    await openEdit(page, post.id)

    // Schedule opens the dialog on the admin's clock, named.
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Schedule post' })).toBeVisible()
    await expect(dialog(page)).toContainText(`Times are in your time zone: ${ZONE}`)
    await expectNoA11yViolations()

    // A moment in the past is refused before anything is sent.
    let sent = 0
    page.on('request', (r) => {
      if (r.url().endsWith(`/api/blog/${post.id}/schedule`) && r.method() === 'POST') sent++
    })
    await fillMoment(dialog(page), new Date(Date.now() - 86_400_000))
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog(page).getByText('Must be in the future')).toBeVisible()
    await expect(dialog(page).getByLabel('Date', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    // An unpublish time before the publish time is refused too.
    const first = minuteAhead(60_000)
    await fillMoment(dialog(page), first)
    await fillMoment(dialog(page), new Date(first.getTime() - 120_000), ['Unpublish date', 'Unpublish time'])
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog(page).getByText('Must be after the publish time')).toBeVisible()
    expect(sent).toBe(0)
    await dialog(page).getByLabel('Unpublish date', { exact: true }).fill('')
    await dialog(page).getByLabel('Unpublish time', { exact: true }).fill('')

    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(toastText(page, 'Post scheduled')).toBeVisible()
    await expect(dialog(page)).toHaveCount(0)
    await expect(scheduleState(page)).toContainText(`Scheduled for ${scheduledLabel(first, READER)}`)
    expect(await fetchPost(page.request, post.id)).toMatchObject({
      isPublished: false,
      scheduledAt: first.toISOString(),
      unpublishAt: null,
    })
    // Scheduled: the Schedule button gives way to Change and Cancel schedule.
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)

    // Change opens the dialog at the time set.
    await scheduleState(page).getByRole('button', { name: 'Change' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Change schedule' })).toBeVisible()
    await expect(dialog(page).getByLabel('Time', { exact: true })).toHaveValue(toWallTime(first, ZONE).time)
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(dialog(page)).toHaveCount(0)

    // Cancel schedule on the edit screen: a draft again.
    await scheduleState(page).getByRole('button', { name: 'Cancel schedule' }).click()
    await expect(toastText(page, 'Schedule cancelled')).toBeVisible()
    await expect(scheduleState(page)).toHaveCount(0)
    expect((await fetchPost(page.request, post.id)).scheduledAt).toBeNull()

    // Schedule again (a day ahead, 09:00 Berlin), then look at the list.
    const tomorrow = toWallTime(new Date(Date.now() + 86_400_000), ZONE).date
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    await dialog(page).getByLabel('Date', { exact: true }).fill(tomorrow)
    await dialog(page).getByLabel('Time', { exact: true }).fill('09:00')
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(toastText(page, 'Post scheduled')).toBeVisible()
    const nine = (await fetchPost(page.request, post.id)).scheduledAt as string
    expect(toWallTime(new Date(nine), ZONE)).toEqual({ date: tomorrow, time: '09:00' })

    await page.goto('/admin/blog')
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()
    await expect(row.getByText(formatDate(nine, 'moment', READER))).toBeVisible()
    await page.getByRole('combobox', { name: 'Filter by status' }).click()
    await page.getByRole('option', { name: 'Scheduled', exact: true }).click()
    await expect(row).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: published.title })).toHaveCount(0)
    await expectNoA11yViolations()

    // Cancel schedule from the row menu: it leaves the Scheduled filter.
    await page.getByRole('button', { name: `Actions for ${title}` }).click()
    await page.getByRole('menuitem', { name: 'Cancel schedule' }).click()
    await expect(toastText(page, 'Schedule cancelled')).toBeVisible()
    await expect(row).toHaveCount(0)
    expect((await fetchPost(page.request, post.id)).scheduledAt).toBeNull()

    // Schedule once more, a few seconds ahead, and watch it go live at that moment.
    await openEdit(page, post.id)
    const soon = minuteAhead(15_000)
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    await fillMoment(dialog(page), soon)
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(scheduleState(page)).toContainText(`Scheduled for ${scheduledLabel(soon, READER)}`)
    await expect
      .poll(async () => (await fetchPost(page.request, post.id)).isPublished, {
        timeout: soon.getTime() - Date.now() + 20_000,
        intervals: [1000],
      })
      .toBe(true)
    const live = await fetchPost(page.request, post.id)
    expect(live).toMatchObject({ publishedAt: soon.toISOString(), scheduledAt: null })
    await openEdit(page, post.id)
    await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked()
    await expect(scheduleState(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)
  })

  test('the create screen saves a draft, schedules it and stays in the editor, on the new post (issue 32)', async ({
    page,
  }) => {
    const slug = uniqueSlug('create-scheduled')
    const title = `Written to go live later ${slug}`
    await openCreate(page)
    await page.getByLabel(/^Title/).fill(title)
    await page.getByLabel(/^Slug/).fill(slug)
    await page.getByRole('textbox', { name: 'Content (Markdown)' }).fill('## Later\n\nBody.')
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    const date = addDays(toWallTime(new Date(), ZONE).date, 2)
    await dialog(page).getByLabel('Date', { exact: true }).fill(date)
    await dialog(page).getByLabel('Time', { exact: true }).fill('13:00')
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()

    await expect(toastText(page, 'Post scheduled')).toBeVisible()
    const stored = (await (await page.request.get(`/api/blog/${slug}`)).json()) as Post
    expect(stored.isPublished).toBe(false)
    expect(toWallTime(new Date(stored.scheduledAt as string), ZONE)).toEqual({ date, time: '13:00' })
    // As after a Save: the new post's edit screen, with what was written and its schedule.
    await expectSavedInEditor(page, stored.id)
    await expect(page.getByLabel(/^Title/)).toHaveValue(title)
    await expect(scheduleState(page)).toContainText(
      `Scheduled for ${scheduledLabel(stored.scheduledAt as string, READER)}`,
    )
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0)
    // The create screen was replaced: Back goes where the writer came from, not to an empty form.
    await page.goBack()
    await expect(page).not.toHaveURL(/\/admin\/blog\/create/)
  })

  test('at 390 px the edit screen with the dialog open has no horizontal scroll', async ({
    page,
    createPost,
    expectNoA11yViolations,
  }) => {
    const post = await createPost({ isPublished: false })
    await page.setViewportSize({ width: 390, height: 844 })
    await openEdit(page, post.id)
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog(page).getByLabel('Unpublish time', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const box = await dialog(page).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    await expectNoA11yViolations()
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toBeFocused()
  })
})

test.describe('Scheduling an X post, with X credentials on the server', () => {
  test.use({ timezoneId: ZONE, locale: READER.locale })
  const own = serverWithFakeX()

  async function setUp(page: Page): Promise<{ post: Post; xPost: XPost }> {
    await own.signIn(page)
    const slug = uniqueSlug('x-schedule')
    const post = await createPostOn(
      page.request,
      { title: `X schedule ${slug}`, slug, excerpt: 'Short.', content: 'Body.', isPublished: true },
      own.server.url,
    )
    const made = await page.request.post(`${own.server.url}/api/blog/${post.id}/publish-x`, { data: {} })
    expect(made.status(), await made.text()).toBe(201)
    return { post, xPost: (await made.json()) as XPost }
  }

  test('Schedule offers the next occurrence of each posting time; a quick slot with Share a thread schedules it; Cancel schedule undoes it', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const { post, xPost } = await setUp(page)
    await openEdit(page, post.id, own.server.url)
    const card = page
      .getByRole('region', { name: /^X posts/ })
      .getByRole('article')
      .first()
    await card.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Schedule X post' })).toBeVisible()

    // The server's default posting times, 09:00, 13:00 and 17:30, each at its next occurrence.
    const slots = nextSlots(['09:00', '13:00', '17:30'], new Date(), ZONE)
    const quick = dialog(page).getByRole('group', { name: 'Quick slots' })
    await expect(quick.getByRole('button')).toHaveText(slots.map((s) => s.label))
    const slot = slots[0]!
    await quick.getByRole('button', { name: slot.label }).click()
    await expect(quick.getByRole('button', { name: slot.label })).toHaveAttribute('aria-pressed', 'true')
    await expect(dialog(page).getByLabel('Time', { exact: true })).toHaveValue(slot.wall.time)
    await dialog(page).getByRole('checkbox', { name: 'Share a thread' }).check()
    await expectNoA11yViolations()
    await dialog(page).getByRole('button', { name: 'Schedule', exact: true }).click()

    await expect(toastText(page, 'X post scheduled')).toBeVisible()
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible()
    await expect(card).toContainText(`for ${scheduledLabel(slot.at, READER)}`)
    await expect(card).toContainText('link in a first reply')
    const listed = async () =>
      ((await (await page.request.get(`${own.server.url}/api/blog/${post.id}/x-posts`)).json()) as { xPosts: XPost[] })
        .xPosts[0]
    expect(await listed()).toMatchObject({
      id: xPost.id,
      status: 'scheduled',
      scheduledAt: slot.at.toISOString(),
      linkInReply: true,
    })
    await expect(card.getByRole('button', { name: 'Post to X' })).toHaveCount(0)

    await card.getByRole('button', { name: 'Cancel schedule' }).click()
    await expect(toastText(page, 'Schedule cancelled')).toBeVisible()
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    expect(await listed()).toMatchObject({ status: 'draft', scheduledAt: null })
  })

  test('Post to X with Share a thread puts the link in a first reply', async ({ page }) => {
    const { post, xPost } = await setUp(page)
    own.fakeX.setMode('success')
    const before = own.fakeX.received.length
    await openEdit(page, post.id, own.server.url)
    const card = page
      .getByRole('region', { name: /^X posts/ })
      .getByRole('article')
      .first()
    await card.getByRole('checkbox', { name: 'Share a thread' }).check()
    await card.getByRole('button', { name: 'Post to X' }).click()
    await expect(toastText(page, 'Posted to X')).toBeVisible()
    const sent = own.fakeX.received.slice(before)
    expect(sent).toHaveLength(2)
    expect(sent[0]!.text).not.toContain(xPost.shortUrl)
    expect(sent[1]!.replyTo).toBe(sent[0]!.id)
    expect(sent[1]!.text).toContain(xPost.shortUrl)
  })
})
