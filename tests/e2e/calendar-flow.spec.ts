import { scheduledLabel } from '#app/lib/dates.ts'
import { toWallTime } from '#app/lib/schedule-time.ts'
import type { Post } from '#common/contract/posts.ts'
import { expect, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// Issue 14's walk: schedule from the edit screen, see it on the calendar, watch it go live.
const ZONE = 'Europe/Berlin'

test.use({ signedIn: true, timezoneId: ZONE, locale: 'en-GB' })

test('a post scheduled on the edit screen is on the calendar, then goes live there and on the site', async ({
  page,
  browser,
  createPost,
}) => {
  test.setTimeout(150_000)
  const title = `Calendar walk ${uniqueSlug('w')}`
  const post = await createPost({ title, isPublished: false })
  await page.goto(`/admin/blog/edit/${post.id}`)
  await expect(page.getByRole('button', { name: 'Update Blog Post' })).toBeEnabled()

  // The next whole minute at least 20 s away: a time input holds minutes.
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
  const wall = toWallTime(at, ZONE)
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Date', { exact: true }).fill(wall.date)
  await dialog.getByLabel('Time', { exact: true }).fill(wall.time)
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText(
    `Scheduled for ${scheduledLabel(at, { locale: 'en-GB', zone: ZONE })}`,
  )

  // The calendar's week shows it on its day, at its time on the admin's clock, as Scheduled.
  await page.goto(`/admin/calendar?view=week&date=${wall.date}`)
  const item = page.getByRole('link', { name: new RegExp(title) })
  await expect(item).toBeVisible()
  await expect(item).toContainText(wall.time)
  await expect(item).toContainText('Scheduled')

  // At its moment it goes live: the calendar then shows it Published, and visitors can read it.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/blog/id/${post.id}`)
        return ((await res.json()) as Post).isPublished
      },
      { timeout: at.getTime() - Date.now() + 20_000, intervals: [1000] },
    )
    .toBe(true)
  await page.reload()
  await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText('Published')
  await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText(wall.time)
  // A visitor without a session (its own browser context) reads it on the site.
  const visitor = await browser.newContext()
  const publicPage = await visitor.newPage()
  const response = await publicPage.goto(new URL(`/blog/${post.slug}`, page.url()).href)
  expect(response?.status()).toBe(200)
  await expect(publicPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await visitor.close()
})
