import type { Locator, Page } from '@playwright/test'
import { scheduledLabel } from '#app/lib/dates.ts'
import type { Post } from '#common/contract/posts.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { drag, wednesdayTen } from '#tests/e2e/calendar-helpers.ts'
import { expect, hydrated, serverWithFakeX, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 27 item 9: an X post never goes out before its article. In a British browser on a Berlin
// clock: dropping an article that has scheduled X posts asks whether they move with it (by
// keyboard too), the calendar and the X post card show when an X post really goes out, and the
// card refuses a time before the article in plain words and offers 'Right after the article'.
const ZONE = 'Europe/Berlin'
const READER = { locale: 'en-GB', zone: ZONE }
test.use({ locale: 'en-GB', timezoneId: ZONE, viewport: { width: 1440, height: 900 } })

// Scheduling X posts needs X credentials on the server: a stand-in X, which nothing here reaches.
const own = serverWithFakeX()

const DAY = 86_400_000
const HOUR = 3_600_000

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

async function api<T>(page: Page, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`${own.server.url}${path}`, { data })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/** Signs in; a draft article scheduled at the slot (a Wednesday 10:00 ahead), with `n` X posts. */
async function articleWithXPosts(page: Page, n: number) {
  await page.goto(`${own.server.url}/admin/login`)
  const slot = await wednesdayTen(page)
  await own.signIn(page)
  const slug = uniqueSlug('x-follow')
  const { post } = await api<{ post: Post }>(page, 'post', '/api/blog', {
    title: `Launch notes ${slug}`,
    slug,
    excerpt: 'Short.',
    content: 'Body.',
    isPublished: false,
  })
  await api(page, 'post', `/api/blog/${post.id}/schedule`, { publishAt: slot.at })
  const xs: XPost[] = []
  for (let i = 0; i < n; i++) xs.push(await api<XPost>(page, 'post', `/api/blog/${post.id}/publish-x`, {}))
  return { slot, post, xs }
}

const xPostsOf = async (page: Page, postId: number) =>
  (await api<{ xPosts: XPost[] }>(page, 'get', `/api/blog/${postId}/x-posts`)).xPosts
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ })
const cell = (page: Page, day: string) => page.locator(`#day-${day}`)
const chip = (scope: Page | Locator, type: 'post' | 'x-post', id: number) =>
  scope.getByTestId(`calendar-item-${type}-${id}`)

/** The browser logs the refused request (409) as a console error: expected here, and only that. */
/** Opens the post's edit screen at its X posts and returns the first X post card. */
async function openXPostCard(page: Page, postId: number) {
  await page.goto(`${own.server.url}/admin/blog/edit/${postId}#x-posts`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()
  return page
    .getByRole('region', { name: /^X posts/ })
    .getByRole('article')
    .first()
}

function expectRefusalLogged(errors: string[]) {
  expect(errors.filter((e) => /status of 409/.test(e)).length).toBeGreaterThan(0)
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 409/.test(e)))
}

test('dropping an article asks about its X posts: moving takes them along, keeping is refused plainly, Escape moves nothing', async ({
  page,
  consoleErrors,
  expectNoA11yViolations,
}) => {
  const { slot, post, xs } = await articleWithXPosts(page, 2)
  const [first, second] = xs as [XPost, XPost]
  await api(page, 'post', `/api/x-posts/${first.id}/schedule`, { afterArticle: true })
  await api(page, 'post', `/api/x-posts/${second.id}/schedule`, { at: later(slot.at, 2 * HOUR) })

  await page.goto(`${own.server.url}/admin/calendar?view=month&date=${slot.day}`)
  await hydrated(page)
  const day = cell(page, slot.day)
  await expect(chip(day, 'post', post.id)).toContainText('10:00')
  await expect(chip(day, 'x-post', first.id)).toContainText('10:00')
  await expect(chip(day, 'x-post', first.id)).toContainText('right after its article')
  await expect(chip(day, 'x-post', second.id)).toContainText('12:00')

  // Dropped on Thursday with the mouse: a dialog asks, with moving along focused.
  const thursday = plusDays(slot.day, 1)
  await drag(page, chip(day, 'post', post.id), cell(page, thursday))
  const ask = page.getByRole('dialog', { name: 'Move its 2 social posts too?' })
  await expect(ask).toContainText('an X post never goes out before its article')
  const moveAlong = ask.getByRole('button', { name: 'Move its 2 social posts with it' })
  await expect(moveAlong).toBeFocused()
  await expect(ask.getByRole('button', { name: 'Keep social posts where they are' })).toBeVisible()
  await expectNoA11yViolations()
  await page.keyboard.press('Enter')

  await expect(toast(page).getByText(/^Rescheduled to Thu, .*, 10:00$/)).toBeVisible()
  await expect(toast(page).getByText(/Its 2 social posts moved with it\.$/)).toBeVisible()
  const moved = cell(page, thursday)
  await expect(chip(moved, 'post', post.id)).toBeVisible()
  await expect(chip(moved, 'x-post', first.id)).toContainText('10:00')
  await expect(chip(moved, 'x-post', second.id)).toContainText('12:00')
  await expect(day.getByTestId(/^calendar-item-/)).toHaveCount(0)
  await expect
    .poll(async () => (await xPostsOf(page, post.id)).map((x) => x.scheduledAt).sort())
    .toEqual([later(slot.at, DAY), later(slot.at, DAY + 2 * HOUR)])

  // With the keyboard, one more day, and 'Keep': its X posts would go out before it, so it is refused.
  const friday = plusDays(slot.day, 2)
  await chip(moved, 'post', post.id).getByRole('link').focus()
  await page.keyboard.press('Space')
  await expect(page.getByText(/^(Picked up Post “Launch notes|Post “Launch notes.*” is over Thursday)/)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/ is over Friday /)).toBeAttached()
  await page.keyboard.press('Space')
  await expect(ask).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await expect(ask.getByRole('button', { name: 'Keep social posts where they are' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page).getByText('Could not reschedule', { exact: true })).toBeVisible()
  await expect(
    toast(page).getByText(/^2 of its scheduled social posts would then go out before the post/),
  ).toBeVisible()
  await expect(chip(cell(page, thursday), 'post', post.id)).toBeVisible()
  expect((await api<Post>(page, 'get', `/api/blog/id/${post.id}`)).scheduledAt).toBe(later(slot.at, DAY))
  expectRefusalLogged(consoleErrors)

  // Dropped again, then Escape: the dialog closes and nothing moves.
  await drag(page, chip(cell(page, thursday), 'post', post.id), cell(page, friday))
  await expect(ask).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(ask).toBeHidden()
  await expect(chip(cell(page, thursday), 'post', post.id)).toBeVisible()
  expect((await api<Post>(page, 'get', `/api/blog/id/${post.id}`)).scheduledAt).toBe(later(slot.at, DAY))
})

test("'Move to date…' asks the same, as a choice in its form", async ({ page, consoleErrors }) => {
  const { slot, post, xs } = await articleWithXPosts(page, 1)
  await api(page, 'post', `/api/x-posts/${(xs[0] as XPost).id}/schedule`, { afterArticle: true })
  await page.goto(`${own.server.url}/admin/calendar?view=month&date=${slot.day}`)
  await hydrated(page)
  await page.getByRole('button', { name: `Move to date…: Post “${post.title}”` }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to date' })
  const choice = dialog.getByRole('group', { name: 'Its scheduled social post' })
  await expect(choice.getByRole('radio', { name: 'Move its social post with it' })).toBeChecked()
  await choice.getByRole('radio', { name: 'Keep social posts where they are' }).check()
  await dialog.getByLabel('New date').fill(plusDays(slot.day, 7))
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog.getByRole('alert')).toContainText('would then go out before the post')
  expectRefusalLogged(consoleErrors)
  await choice.getByRole('radio', { name: 'Move its social post with it' }).check()
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog).toBeHidden()
  await expect.poll(async () => (await xPostsOf(page, post.id))[0]?.scheduledAt).toBe(later(slot.at, 7 * DAY))
})

test('the X post card refuses a time before its article in plain words and offers Right after the article', async ({
  page,
  consoleErrors,
  expectNoA11yViolations,
}) => {
  const { slot, post } = await articleWithXPosts(page, 1)
  const card = await openXPostCard(page, post.id)
  await card.getByRole('button', { name: 'Schedule', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule X post' })
  const articleAt = scheduledLabel(slot.at, READER)
  await expect(dialog).toContainText(`Its article goes live ${articleAt}. The X post goes then or later.`)
  // The posting times of today and tomorrow come before the article: not offered.
  await expect(dialog.getByRole('group', { name: 'Quick slots' })).toHaveCount(0)

  // The day before the article, at 13:00 on the Berlin clock.
  await dialog.getByLabel('Date', { exact: true }).fill(plusDays(slot.day, -1))
  await dialog.getByLabel('Time', { exact: true }).fill('13:00')
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(
    dialog.getByText(
      `Its article goes live ${articleAt}, and an X post never goes out before its article. Pick that time or later, or choose Right after the article.`,
    ),
  ).toBeVisible()
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expectNoA11yViolations()
  expectRefusalLogged(consoleErrors)

  await dialog.getByRole('button', { name: 'Right after the article' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page).getByText('X post scheduled', { exact: true })).toBeVisible()
  await expect(card).toContainText(`for ${articleAt} · right after its article`)
  expect((await xPostsOf(page, post.id))[0]?.scheduledAt).toBe(slot.at)
})

test('an X post set before its article (older data) shows when it really goes out, on the card and the calendar', async ({
  page,
}) => {
  const { slot, post, xs } = await articleWithXPosts(page, 1)
  const x = xs[0] as XPost
  // As the issue found it: 'Today 13:00' (here: the day before at 13:00) for an article of the next day at 10:00.
  const early = later(slot.at, -DAY + 3 * HOUR)
  const stale = { ...x, status: 'scheduled', scheduledAt: early }
  await page.route(`**/api/blog/${post.id}/x-posts`, (route) => route.fulfill({ json: { xPosts: [stale] } }))
  const card = await openXPostCard(page, post.id)
  await expect(card).toContainText(`for ${scheduledLabel(slot.at, READER)} · right after its article`)
  await expect(card).not.toContainText(scheduledLabel(early, READER))

  const item = {
    type: 'x-post',
    id: x.id,
    postId: post.id,
    title: post.title,
    text: x.rewrittenContent,
    at: slot.at,
    status: 'scheduled',
    error: null,
    waitsFor: 'article',
    scheduledXPosts: 0,
  }
  await page.route('**/api/calendar?*', (route) => route.fulfill({ json: { items: [item] } }))
  await page.goto(`${own.server.url}/admin/calendar?view=week&date=${slot.day}`)
  await hydrated(page)
  const onDay = chip(cell(page, slot.day), 'x-post', x.id)
  await expect(onDay).toContainText('10:00')
  await expect(onDay).toContainText('right after its article')
  await expect(onDay.getByRole('link')).toHaveAttribute('title', 'It goes to X right after its article goes live.')
})
