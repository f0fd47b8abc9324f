import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, openAdminScreen, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// The contact endpoint allows 5 messages per address every 15 minutes, and every spec shares
// one server: this file sends exactly one real message and reuses it.

const inbox = (page: Page) => page.getByRole('region', { name: /^Messages/ })

/** A made-up page of the API's answer, for screens that need many or no submissions. */
function fakePage(page: number, pageSize: number, total: number) {
  const first = (page - 1) * pageSize
  const count = Math.max(0, Math.min(pageSize, total - first))
  return {
    submissions: Array.from({ length: count }, (_, i) => {
      const n = total - first - i
      return {
        id: n,
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        company: null,
        message: `Message number ${n}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
        attribution: null,
      }
    }),
    total,
    page,
    pageSize,
  }
}

test.use({ signedIn: true })

test.describe('contact inbox', () => {
  test('a message sent through the contact form appears first, with a mailto link, company, kept whitespace and times; CSV export holds it', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const request = page.request
    const name = `Inbox Tester ${uniqueSlug('n')}`
    const message = '=SUM(A1:A2) is not a formula here.\n\n  Indented line, with "quotes".\nLast line'
    const sent = await request.post('/api/contact', {
      data: { name, email: 'inbox.tester@example.com', company: 'Acme, Inc.', message },
    })
    expect(sent.status(), await sent.text()).toBe(201)

    await page.goto('/admin/contacts')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Inbox' })).toBeVisible()
    const first = inbox(page).getByRole('article').first()
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(name)
    await expect(first.getByRole('link', { name: 'inbox.tester@example.com' })).toHaveAttribute(
      'href',
      'mailto:inbox.tester@example.com',
    )
    await expect(first.getByText('Acme, Inc.')).toBeVisible()
    const body = first.getByText(/^=SUM\(A1:A2\)/)
    expect(await body.evaluate((el) => el.textContent)).toBe(message)
    await expect(body).toHaveCSS('white-space', 'pre-wrap')
    const time = first.locator('time')
    await expect(time).toHaveText('less than a minute ago')
    await expect(time).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2}\s(AM|PM)$/)
    await expectNoA11yViolations()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await file.path()) as string, 'utf8')
    expect(
      csv.startsWith(
        '\uFEFFReceived,Name,Email,Company,Message,Landing page,Referrer,UTM source,UTM medium,UTM campaign,X post id,Post id,Post title\r\n',
      ),
    ).toBe(true)
    const { total } = await (await request.get('/api/admin/contact-submissions?pageSize=1')).json()
    // One header line plus one record per submission (records may hold quoted line breaks).
    expect(csv.match(/\r\n\d{4}-\d{2}-\d{2}T/g)?.length).toBe(total)
    expect(csv).toContain(
      `,${name},inbox.tester@example.com,"Acme, Inc.","'=SUM(A1:A2) is not a formula here.\n\n  Indented line, with ""quotes"".\nLast line",,,,,,,,\r\n`,
    )
  })

  test('pagination moves between pages of twenty and says where the admin is', async ({ page }) => {
    // 45 made-up submissions: the real server holds too few to page through.
    await page.route('**/api/admin/contact-submissions?*', (route) => {
      const url = new URL(route.request().url())
      const p = Number(url.searchParams.get('page'))
      const size = Number(url.searchParams.get('pageSize'))
      return route.fulfill({ json: fakePage(p, size, 45) })
    })
    await page.goto('/admin/contacts')
    await expect(inbox(page).getByRole('heading', { level: 2 })).toHaveText('Messages (45)')
    await expect(page.getByText('Showing 1–20 of 45')).toBeVisible()
    await expect(page.getByText('Page 1 of 3')).toBeVisible()
    await expect(inbox(page).getByRole('article')).toHaveCount(20)
    await expect(inbox(page).getByRole('article').first()).toContainText('Sender 45')
    const nav = page.getByRole('navigation', { name: 'Pagination' })
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await nav.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Page 2 of 3')).toBeVisible()
    await expect(page.getByText('Showing 21–40 of 45')).toBeVisible()
    await expect(inbox(page).getByRole('article').first()).toContainText('Sender 25')

    await nav.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Showing 41–45 of 45')).toBeVisible()
    await expect(inbox(page).getByRole('article')).toHaveCount(5)
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled()

    await nav.getByRole('button', { name: 'Previous' }).click()
    await expect(page.getByText('Page 2 of 3')).toBeVisible()
  })

  test('the CSV export reads every page, not only the one on screen', async ({ page }) => {
    await page.route('**/api/admin/contact-submissions?*', (route) => {
      const url = new URL(route.request().url())
      return route.fulfill({
        json: fakePage(Number(url.searchParams.get('page')), Number(url.searchParams.get('pageSize')), 230),
      })
    })
    await page.goto('/admin/contacts')
    await expect(page.getByText('Page 1 of 12')).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = await readFile((await (await download).path()) as string, 'utf8')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(231)
    expect(lines[1]).toContain('Sender 230')
    expect(lines[230]).toContain('Sender 1,')
  })

  test('an empty inbox says so, offers no export and passes axe', async ({ page, expectNoA11yViolations }) => {
    await page.route('**/api/admin/contact-submissions?*', (route) => route.fulfill({ json: fakePage(1, 20, 0) }))
    await page.goto('/admin/contacts')
    await expect(page.getByText('No messages yet')).toBeVisible()
    await expect(
      page.getByText('Messages sent through the contact form on the home page will appear here.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
    await expectNoA11yViolations()
  })

  test('the navigation returns to blog management', async ({ page }) => {
    await page.goto('/admin/contacts')
    await openAdminScreen(page, 'Posts')
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
  })
})
