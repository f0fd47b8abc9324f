import type { APIRequestContext, Page } from '@playwright/test'
import { formatDate, type Reader, scheduledLabel } from '#app/lib/dates.ts'
import type { RevisionList } from '#common/contract/revisions.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

// Issue 27 §11: one date format per locale on a screen. A British reader in Berlin saw the X post
// card and the revisions in US format ('Nov 27, 2026, 3:02 AM') beside the schedule in British
// format ('Sat, 28 Nov 2026, 09:00'). Every date is now written for the reader's locale and zone.

const READER: Reader = { locale: 'en-GB', zone: 'Europe/Berlin' }
/** en-GB's moment: 'Sat, 28 Nov 2026, 09:00'. */
const BRITISH_MOMENT = /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/

test.use({ signedIn: true, locale: READER.locale, timezoneId: READER.zone })

async function ok<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, data === undefined ? undefined : { data })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as T
}

const history = (page: Page) => page.getByRole('region', { name: 'History' })

test('the edit screen writes the X post card, the schedule and the revisions in the reader’s one format', async ({
  page,
  createPost,
}) => {
  const post = await createPost({ title: 'Dates as the reader writes them', isPublished: false })
  // A whole hour 40 days ahead.
  const publishAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 40 * 86_400_000)
  await ok(page.request, 'post', `/api/blog/${post.id}/schedule`, { publishAt: publishAt.toISOString() })
  const xPost = await ok<XPost>(page.request, 'post', `/api/blog/${post.id}/publish-x`, {})
  const { revisions } = await ok<RevisionList>(page.request, 'get', `/api/blog/${post.id}/revisions`)
  expect(revisions.length).toBeGreaterThan(0)

  await page.goto(`/admin/blog/edit/${post.id}`)
  await hydrated(page)

  // The schedule, as before.
  const schedule = page.getByRole('region', { name: 'Schedule' })
  await expect(schedule).toContainText(`Scheduled for ${scheduledLabel(publishAt, READER)}`)
  await expect(schedule.locator('time').first()).toHaveText(
    new RegExp(`${BRITISH_MOMENT.source.slice(0, -1)} \\(Europe/Berlin\\)$`),
  )

  // The X post card: its date in the same format (was 'Nov 27, 2026, 3:02 AM').
  const card = page.getByRole('article', { name: /^X post created / })
  await expect(card.locator(`time[datetime="${xPost.publishedAt}"]`)).toHaveText(
    formatDate(xPost.publishedAt, 'moment', READER),
  )
  await expect(card.locator(`time[datetime="${xPost.publishedAt}"]`)).toHaveText(BRITISH_MOMENT)

  // The revisions: each version's moment, and the comparison's heading.
  const versions = history(page).getByRole('list', { name: 'Versions' }).getByRole('button')
  await expect(versions).toHaveCount(revisions.length)
  for (const [i, revision] of revisions.entries()) {
    const moment = formatDate(revision.createdAt, 'moment', READER)
    expect(moment).toMatch(BRITISH_MOMENT)
    await expect(versions.nth(i)).toContainText(`${moment} · `)
    await expect(versions.nth(i).locator('time')).toHaveAttribute('title', moment)
  }
  await versions.first().click()
  const first = formatDate((revisions[0] as RevisionList['revisions'][number]).createdAt, 'moment', READER)
  await expect(history(page).getByRole('region', { name: `Version of ${first}` })).toBeVisible()

  // Nowhere on the screen a 12-hour time.
  await expect(page.locator('main')).not.toContainText(/\d:\d{2}\s?[AP]M/)
})
