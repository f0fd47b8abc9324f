import type { Locator, Page } from '@playwright/test'
import { drag, wednesdayTen } from '#tests/e2e/calendar-helpers.ts'
import { expect, hydrated, openAdminScreen, test } from '#tests/e2e/fixtures.ts'

// Issue 14, /admin/calendar: the admin's days in the admin's time zone (not the server's UTC),
// items that open on click and move to another day by mouse, keyboard or 'Move to date…'.
// A British reader in Berlin: headings like '21 – 27 Dec 2026', times like '10:00'.
test.use({ signedIn: true, timezoneId: 'Europe/Berlin', locale: 'en-GB' })

/** A 'yyyy-MM-dd' key as the UTC midnight of that date (date arithmetic without a time zone). */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`)

/** `day` plus `n` days, as a 'yyyy-MM-dd' key. */
const plusDays = (day: string, n: number) => new Date(utcDay(day).getTime() + n * 86_400_000).toISOString().slice(0, 10)

/** The post's scheduled moment as the browser reads it: its local day and time. */
async function scheduledLocally(page: Page, id: number) {
  const res = await page.request.get(`/api/blog/id/${id}`)
  expect(res.status()).toBe(200)
  const { scheduledAt } = (await res.json()) as { scheduledAt: string | null }
  if (!scheduledAt) return null
  return page.evaluate((iso) => {
    const d = new Date(iso)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
  }, scheduledAt)
}

/** A draft scheduled for `slot`, and the calendar's month view around it. */
async function scheduledPost(
  page: Page,
  createPost: (input: { isPublished: boolean; title: string }) => Promise<{ id: number; title: string }>,
  title: string,
) {
  await page.goto('/admin/calendar')
  const slot = await wednesdayTen(page)
  const post = await createPost({ isPublished: false, title: `${title} ${Date.now().toString(36)}` })
  const res = await page.request.post(`/api/blog/${post.id}/schedule`, { data: { publishAt: slot.at } })
  expect(res.status(), await res.text()).toBe(200)
  await page.goto(`/admin/calendar?view=month&date=${slot.day}`)
  await hydrated(page)
  return { post, slot }
}

/** The toast area (Radix also copies toasts into a hidden live region: this avoids the copy). */
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ })

function expectConsoleErrors(errors: string[], pattern: RegExp) {
  const expected = errors.filter((e) => pattern.test(e))
  expect(expected.length, `console errors matching ${pattern}`).toBeGreaterThan(0)
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)))
}

const dayCell = (page: Page, day: string) => page.locator(`#day-${day}`)
const itemIn = (cell: Locator, title: string) => cell.getByRole('link', { name: new RegExp(title) })

test('a month with nothing in it says so and leads to writing a post', async ({ page, expectNoA11yViolations }) => {
  // Far past the two-year horizon: nothing can be scheduled there, whatever other tests did.
  await page.goto('/admin/calendar?view=month&date=2030-06-01')
  await expect(page.getByRole('heading', { name: 'June 2030', level: 2 })).toBeVisible()
  const empty = page.getByText('Nothing is scheduled or published in June 2030.')
  await expect(empty).toBeVisible()
  const card = empty.locator('..')
  await expect(card.getByRole('link', { name: 'New Blog Post' })).toHaveAttribute('href', '/admin/blog/create')
  await expect(card.getByRole('link', { name: 'Blog Management' })).toHaveAttribute('href', '/admin/blog')
  await expectNoA11yViolations()
})

test('the calendar is linked from Blog Management and pages through months and weeks', async ({ page }) => {
  await page.goto('/admin/blog')
  await openAdminScreen(page, 'Calendar')
  await expect(page).toHaveURL(/\/admin\/calendar$/)
  await expect(page.getByRole('heading', { name: 'Content Calendar', level: 1 })).toBeVisible()

  await page.goto('/admin/calendar?view=month&date=2026-12-15')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'December 2026', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'Next month' }).click()
  await expect(page.getByRole('heading', { name: 'January 2027', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'Week', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('heading', { name: '28 Dec 2026 – 3 Jan 2027', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'Previous week' }).click()
  await expect(page.getByRole('heading', { name: '21 – 27 Dec 2026', level: 2 })).toBeVisible()
})

test('a scheduled post shows on its day and a click opens its edit screen', async ({
  page,
  createPost,
  expectNoA11yViolations,
}) => {
  const { post, slot } = await scheduledPost(page, createPost, 'Calendar click')
  const item = itemIn(dayCell(page, slot.day), post.title)
  await expect(item).toBeVisible()
  await expect(item).toContainText('10:00')
  await expect(item).toContainText('Scheduled')
  await expectNoA11yViolations()

  await page.getByRole('button', { name: 'Week', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: /–/ })).toBeVisible()
  await expect(itemIn(dayCell(page, slot.day), post.title)).toBeVisible()
  await expectNoA11yViolations()

  await itemIn(dayCell(page, slot.day), post.title).click()
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`))
})

test('dragging a scheduled post to another day with the mouse reschedules it at the same time', async ({
  page,
  createPost,
}) => {
  const { post, slot } = await scheduledPost(page, createPost, 'Calendar mouse')
  const item = itemIn(dayCell(page, slot.day), post.title)
  const target = plusDays(slot.day, 1)
  await drag(page, item, dayCell(page, target))

  await expect(toast(page).getByText(/^Rescheduled to .*, 10:00$/)).toBeVisible()
  await expect(itemIn(dayCell(page, target), post.title)).toBeVisible()
  await expect(itemIn(dayCell(page, slot.day), post.title)).toHaveCount(0)
  await expect.poll(() => scheduledLocally(page, post.id)).toBe(`${target} 10:00`)
  // Still on the calendar: a drag is not a click.
  await expect(page).toHaveURL(/\/admin\/calendar/)
})

test('a scheduled post moves with the keyboard: Space, arrows, Space', async ({ page, createPost }) => {
  const { post, slot } = await scheduledPost(page, createPost, 'Calendar keys')
  const target = plusDays(slot.day, 2)
  // The page is hydrated as a phone's list of days, then shows the wide screen's grid: a pick-up
  // made before that measures the list's days (CI once saw the drag go over another Friday).
  await expect(dayCell(page, target)).toBeVisible()
  await itemIn(dayCell(page, slot.day), post.title).focus()
  await page.keyboard.press('Space')
  // Picked up: announced as such, then at once as over its own day (either may be the one read).
  await expect(
    page.getByText(/^(Picked up Post “Calendar keys|Post “Calendar keys.*” is over Wednesday)/),
  ).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/ is over Thursday /)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/ is over Friday /)).toBeAttached()
  await expect(dayCell(page, target)).toHaveClass(/ring-2/)
  await page.keyboard.press('Space')

  await expect(toast(page).getByText(/^Rescheduled to .*, 10:00$/)).toBeVisible()
  await expect(itemIn(dayCell(page, target), post.title)).toBeVisible()
  await expect.poll(() => scheduledLocally(page, post.id)).toBe(`${target} 10:00`)
})

test("'Move to date…' reschedules without dragging, and refuses a day in the past", async ({ page, createPost }) => {
  const { post, slot } = await scheduledPost(page, createPost, 'Calendar dialog')
  const target = plusDays(slot.day, 7)
  await page.getByRole('button', { name: `Move to date…: Post “${post.title}”` }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to date' })
  await expect(dialog).toContainText('keeps its time, 10:00')

  await dialog.getByLabel('New date').fill('2020-01-01')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Must be in the future: pick today or a later date')

  await dialog.getByLabel('New date').fill(target)
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page).getByText(/^Rescheduled to .*, 10:00$/)).toBeVisible()
  await expect.poll(() => scheduledLocally(page, post.id)).toBe(`${target} 10:00`)
})

test('a published post is on the day it went live and cannot be moved', async ({ page, createPost }) => {
  const post = await createPost({ isPublished: true })
  await page.goto('/admin/calendar?view=week')
  await hydrated(page)
  const item = page.getByRole('link', { name: new RegExp(post.title) })
  await expect(item).toContainText('Published')
  await expect(page.getByRole('button', { name: `Move to date…: Post “${post.title}”` })).toHaveCount(0)
  await expect(item).not.toHaveAttribute('aria-describedby', /.+/)
})

test('on a 390 px phone the month is a list of days with items, without sideways scrolling', async ({
  page,
  createPost,
  expectNoA11yViolations,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { post, slot } = await scheduledPost(
    page,
    createPost,
    'Calendar phone with a rather long title for a narrow screen',
  )
  const heading = utcDay(slot.day).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
  const day = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading.replace(',', '') }) })
  await expect(day.getByRole('link', { name: new RegExp(post.title) })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByRole('button', { name: 'Week', exact: true }).click()
  // The week's title (e.g. '14 – 20 Dec 2026'): the month's items stay on screen, dimmed, until the
  // week's arrive, and the accessibility check must not measure them then.
  await expect(page.getByRole('heading', { level: 2, name: /–/ })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(post.title) })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoA11yViolations()
})

test('a failed X post shows its error, opens at the X panel, and a refused move puts it back with the reason', async ({
  page,
  consoleErrors,
  expectNoA11yViolations,
}) => {
  await page.goto('/admin/calendar')
  const slot = await wednesdayTen(page)
  // A failed X post needs X itself: the calendar's answer is stood in for, the move goes to a stand-in too.
  const failed = {
    type: 'x-post',
    id: 9001,
    postId: 77,
    title: 'Quest rewards explained',
    text: 'Rewards people actually want, in one short video.',
    at: slot.at,
    status: 'failed',
    error: 'You are not allowed to create a Tweet with duplicate content.',
  }
  await page.route('**/api/calendar?*', (route) => route.fulfill({ json: { items: [failed] } }))
  await page.route('**/api/x-posts/9001/schedule', (route) =>
    route.fulfill({
      status: 503,
      json: { error: 'Posting to X is not set up: add the X API keys to the server.', fields: {} },
    }),
  )
  await page.goto(`/admin/calendar?view=week&date=${slot.day}`)
  await hydrated(page)

  const item = itemIn(dayCell(page, slot.day), failed.title)
  await expect(item).toContainText('Failed')
  await expect(item).toContainText(failed.error)
  await expect(item).toHaveAttribute('title', `Failed: ${failed.error}`)
  await expect(item).toHaveAttribute('href', '/admin/blog/edit/77#x-posts')
  await expectNoA11yViolations()

  await item.focus()
  // Each key waits for the announcement of the one before: a key pressed before the pick-up has
  // settled is lost, and the item is then dropped where it was.
  await page.keyboard.press('Space')
  await expect(
    page.getByText(/^(Picked up X post for “Quest rewards|X post for “Quest rewards.*” is over Wednesday)/),
  ).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(/ is over Thursday /)).toBeAttached()
  await page.keyboard.press('Space')
  await expect(toast(page).getByText('Could not reschedule', { exact: true })).toBeVisible()
  await expect(toast(page).getByText('Posting to X is not set up: add the X API keys to the server.')).toBeVisible()
  await expect(itemIn(dayCell(page, slot.day), failed.title)).toBeVisible()
  expectConsoleErrors(consoleErrors, /status of 503/)
})

test('an X post opens its post’s edit screen scrolled to the X panel', async ({ page, createPost }) => {
  // A long body, so the X panel starts well below the fold of the edit screen.
  const post = await createPost({ isPublished: false, content: 'A paragraph of the article.\n\n'.repeat(80) })
  await page.goto('/admin/calendar')
  const slot = await wednesdayTen(page)
  const xItem = {
    type: 'x-post',
    id: 9002,
    postId: post.id,
    title: post.title,
    text: 'Read the whole story.',
    at: slot.at,
    status: 'scheduled',
    error: null,
  }
  await page.route('**/api/calendar?*', (route) => route.fulfill({ json: { items: [xItem] } }))
  await page.goto(`/admin/calendar?view=week&date=${slot.day}`)
  await hydrated(page)

  await itemIn(dayCell(page, slot.day), post.title).click()
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}#x-posts$`))
  const panel = page.locator('#x-posts')
  await expect(panel.getByRole('heading', { name: /^X posts/, level: 3 })).toBeInViewport()

  // Opened straight from the address bar too (a bookmark, a new tab).
  await page.goto('/admin/blog')
  await page.goto(`/admin/blog/edit/${post.id}#x-posts`)
  await expect(panel.getByRole('heading', { name: /^X posts/, level: 3 })).toBeInViewport()
})

test('a calendar that cannot be loaded says so, and Try again loads it', async ({ page, consoleErrors }) => {
  await page.route('**/api/calendar?*', (route) => route.fulfill({ status: 500, json: { error: 'Boom', fields: {} } }))
  await page.goto('/admin/calendar?view=month&date=2030-06-01')
  const alert = page.getByRole('alert').filter({ hasText: 'The calendar could not be loaded.' })
  await expect(alert).toBeVisible()
  await page.unroute('**/api/calendar?*')
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByText('Nothing is scheduled or published in June 2030.')).toBeVisible()
  expectConsoleErrors(consoleErrors, /status of 500/)
})
