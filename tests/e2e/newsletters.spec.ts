import type { APIRequestContext } from '@playwright/test'
import {
  closeSettings,
  expect,
  expectNoSidewaysScroll,
  hydrated,
  openSettings,
  PERSON_UA,
  type ServerWithMail,
  serverWithMail,
  test,
  uniqueSlug,
  violations,
  watchViolations,
} from '#tests/e2e/fixtures.ts'
import type { ReceivedMail, TestSmtp } from '#tests/fixtures/smtp.ts'

/**
 * Issue 30, the newsletter screens (docs/decisions/061-newsletters.md): two readers subscribe and
 * confirm from the emails a real SMTP server caught; an editor publishes a draft with 'Send as
 * newsletter' ticked, watches the send finish on /admin/newsletters, each reader gets exactly one
 * email, and its List-Unsubscribe header link unsubscribes with one click, without a sign-in.
 *
 * A server per test: a newsletter goes to every confirmed subscriber, so readers of one test must
 * not count in another's send.
 */
const mailTest = test.extend<{ mail: ServerWithMail }>({ mail: serverWithMail('test') })

const mailsTo = (smtp: TestSmtp, address: string) => smtp.received.filter((m) => m.to.includes(address))

/** Subscribes `address` through the API and confirms it with the token of the emailed link. */
async function subscribeAndConfirm(request: APIRequestContext, smtp: TestSmtp, address: string) {
  const res = await request.post('/api/subscribers', { data: { email: address, consent: true } })
  expect(res.status(), await res.text()).toBe(202)
  await expect.poll(() => mailsTo(smtp, address).length, { timeout: 15_000 }).toBe(1)
  const token = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(smtp, address)[0]?.mail.text ?? '')?.[1]
  expect(token, 'a confirmation link in the email').toBeTruthy()
  const confirmed = await request.post('/api/subscribers/confirm', { data: { token } })
  expect([confirmed.status(), await confirmed.json()]).toEqual([200, { state: 'confirmed' }])
}

/** The URL of a message's `List-Unsubscribe` header (`<https://…>`). */
function listUnsubscribe(mail: ReceivedMail): URL {
  const line = mail.mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? ''
  const url = /<(https?:\/\/[^>]+)>/.exec(line)?.[1]
  expect(url, `List-Unsubscribe in ${line}`).toBeTruthy()
  return new URL(url as string)
}

for (const width of [1440, 390]) {
  mailTest.describe(`newsletters at ${width} px`, () => {
    mailTest.describe.configure({ timeout: 120_000 })
    mailTest.use({ viewport: { width, height: 900 }, baseURL: async ({ mail }, use) => use(mail.server.url) })

    mailTest(
      "a draft published with 'Send as newsletter' reaches each reader once; its header link unsubscribes",
      async ({ page, browser, playwright, login, createPost, mail: { server, smtp }, expectNoA11yViolations }) => {
        const anon = await playwright.request.newContext({ baseURL: server.url })
        const readers = [`${uniqueSlug('ann')}@example.com`, `${uniqueSlug('bob')}@example.com`]
        for (const address of readers) await subscribeAndConfirm(anon, smtp, address)

        await watchViolations(page)
        await login()
        const post = await createPost({ title: `Newsletter ${uniqueSlug('n')}`, isPublished: false })
        await page.goto(`/admin/blog/edit/${post.id}`)
        await hydrated(page)
        const settings = await openSettings(page)

        // The panel of a draft: its subject and preheader, sending explained, the preview.
        const panel = settings.getByRole('region', { name: 'Newsletter' })
        await expect(panel.getByLabel('Subject')).toHaveAttribute('placeholder', post.title)
        await expect(panel.getByText("A draft is not sent. Tick 'Send as newsletter'")).toBeVisible()
        await expect(panel.getByRole('button', { name: 'Send now' })).toHaveCount(0)
        await panel.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `test-results/newsletters-panel-${width}.png` })

        await panel.getByRole('button', { name: 'Preview email' }).click()
        const preview = page.getByRole('dialog', { name: 'Newsletter preview' })
        const frame = preview.locator('iframe')
        await expect(frame).toHaveAttribute('sandbox', '')
        await expect(preview.getByText(post.title).first()).toBeVisible()
        await expect(page.frameLocator('iframe[title^="Email preview"]').getByText('A heading')).toBeVisible()
        // Laid out at the width chosen (offsetWidth ignores the scale that fits it on a phone).
        await expect.poll(() => frame.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(600)
        await preview.getByRole('button', { name: /Phone/ }).click()
        await expect(preview.getByRole('button', { name: /Phone/ })).toHaveAttribute('aria-pressed', 'true')
        await expect.poll(() => frame.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(375)
        // Never wider than the dialog: on a phone it is scaled down, and says so.
        const shown = await frame.evaluate((el) => el.getBoundingClientRect().width)
        const room = await preview.getByRole('region', { name: 'Email at 375 px' }).evaluate((el) => el.clientWidth)
        expect(shown).toBeLessThanOrEqual(room)
        await expect(preview.getByText(/^Shown at \d+% to fit this screen$/)).toHaveCount(width < 600 ? 1 : 0)
        await preview.getByText('Text part').click()
        await expect(preview.locator('pre')).toContainText('Some bold text')
        await expectNoSidewaysScroll(page, width)
        // The email inside is the subscribers' mail, checked by its template; the dialog around it is ours.
        await expectNoA11yViolations({ exclude: 'iframe[sandbox]' })
        await page.screenshot({ path: `test-results/newsletters-preview-${width}.png` })
        await preview.getByRole('button', { name: 'Close' }).click()
        await expect(preview).toBeHidden()

        // Published, with the newsletter: one save.
        await settings.getByRole('switch', { name: 'Published' }).click()
        await settings.getByLabel('Send as newsletter').check()
        await settings.getByLabel('Send as newsletter').scrollIntoViewIfNeeded()
        await page.screenshot({ path: `test-results/newsletters-publish-${width}.png` })
        await closeSettings(page)
        await page.getByRole('button', { name: 'Update Blog Post' }).click()
        await expect(
          page.getByRole('region', { name: /Notifications/ }).getByText(/is live and on its way to your subscribers/),
        ).toBeVisible({
          timeout: 15_000,
        })

        await page.goto('/admin/newsletters')
        await hydrated(page)
        await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible()
        const row = page.getByRole('listitem', { name: post.title })
        await expect(row.getByRole('link', { name: post.title })).toHaveAttribute('href', `/admin/blog/edit/${post.id}`)
        await expect(row.getByText('Sent 2 of 2')).toBeVisible({ timeout: 20_000 })
        await expect(row.getByText('Sent', { exact: true })).toBeVisible()
        await expect(row.getByRole('progressbar')).toHaveAttribute('value', '2')
        await expectNoSidewaysScroll(page, width)
        await expectNoA11yViolations()
        await page.screenshot({ path: `test-results/newsletters-list-${width}.png`, fullPage: true })
        expect(await violations(page)).toEqual([])

        // The edit screen's panel now shows the send and its counts instead of the fields.
        await page.goto(`/admin/blog/edit/${post.id}`)
        await hydrated(page)
        const sent = (await openSettings(page)).getByRole('region', { name: 'Newsletter' })
        await expect(sent.getByText('Sent 2 of 2')).toBeVisible()
        await expect(sent.getByLabel('Subject')).toHaveCount(0)
        await sent.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `test-results/newsletters-panel-sent-${width}.png` })

        // Exactly one newsletter each (the other email is the confirmation).
        const newsletters = (address: string) => mailsTo(smtp, address).filter((m) => m.mail.subject === post.title)
        for (const address of readers) expect(newsletters(address)).toHaveLength(1)

        // RFC 8058: a POST to the header's URL, no cookie, unsubscribes.
        const [first] = newsletters(readers[0] as string)
        const url = listUnsubscribe(first as ReceivedMail)
        expect(first?.mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toMatch(
          /List-Unsubscribe=One-Click/,
        )
        const oneClick = await anon.post(`${url.pathname}${url.search}`, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          data: 'List-Unsubscribe=One-Click',
        })
        expect([oneClick.status(), await oneClick.json()]).toEqual([200, { state: 'unsubscribed' }])
        const token = url.searchParams.get('token') ?? ''
        const me = await anon.get(`/api/subscribers/me?token=${encodeURIComponent(token)}`)
        expect(me.status()).toBe(200)
        expect(await me.json()).toMatchObject({ state: 'unsubscribed' })
        await anon.dispose()

        // The other reader opens 'Read on the site' in a browser: it lands on the post, and the list
        // counts one reader who came by the newsletter and one who unsubscribed after it.
        const [second] = newsletters(readers[1] as string)
        const readLink = /https?:\/\/\S+?\/s\/[A-Za-z0-9_-]+/.exec(second?.mail.text ?? '')?.[0]
        expect(readLink, "a 'Read on the site' link in the text part").toBeTruthy()
        const readerContext = await browser.newContext({ userAgent: PERSON_UA })
        const readerPage = await readerContext.newPage()
        const viewed = readerPage.waitForRequest(
          (r) => r.method() === 'POST' && /\/view$/.test(new URL(r.url()).pathname),
        )
        await readerPage.goto(readLink as string)
        await expect(readerPage).toHaveURL(/utm_source=newsletter/)
        await expect(readerPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
        await viewed
        await readerContext.close()
        await page.goto('/admin/newsletters')
        const results = page.getByRole('listitem', { name: post.title })
        await expect
          .poll(
            async () => {
              await page.reload()
              return results.getByTitle(/came to the site by its link/).textContent()
            },
            { timeout: 20_000 },
          )
          .toBe('Came to the site1')
        await expect(results.getByTitle(/unsubscribed before their next/)).toHaveText('Unsubscribed1')
        await expectNoSidewaysScroll(page, width)
        await page.screenshot({ path: `test-results/newsletters-results-${width}.png`, fullPage: true })
      },
    )
  })
}

mailTest.describe('scheduling', () => {
  mailTest.use({ viewport: { width: 1440, height: 900 }, baseURL: async ({ mail }, use) => use(mail.server.url) })

  mailTest(
    "a draft scheduled with 'Send as newsletter' shows its newsletter waiting for that moment",
    async ({ page, login, createPost }) => {
      await login()
      const post = await createPost({ title: `Scheduled ${uniqueSlug('n')}`, isPublished: false })
      await page.goto(`/admin/blog/edit/${post.id}`)
      await hydrated(page)
      const panel = (await openSettings(page)).getByRole('region', { name: 'Newsletter' })
      await expect(panel.getByLabel('Subject')).toBeVisible()

      await page.getByRole('button', { name: 'Schedule', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Schedule post' })
      await dialog.getByLabel('Send as newsletter').check()
      await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
      await expect(dialog).toBeHidden()
      await expect(
        page.getByRole('region', { name: /Notifications/ }).getByText(/as a newsletter then\./),
      ).toBeVisible()
      await expect(panel.getByText('Scheduled', { exact: true })).toBeVisible()
      await expect(panel.getByText(/^Goes out /)).toBeVisible()

      await page.goto('/admin/newsletters')
      const row = page.getByRole('listitem', { name: post.title })
      await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()
      await expect(row.getByText('No emails queued yet')).toBeVisible()
    },
  )
})

test('without mail set up, the Newsletter panel says how to set it up', async ({
  page,
  login,
  createPost,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login()
  const post = await createPost({ title: `No mail ${uniqueSlug('n')}` })
  await page.goto(`/admin/blog/edit/${post.id}`)
  await hydrated(page)
  const panel = (await openSettings(page)).getByRole('region', { name: 'Newsletter' })
  const words = 'Mail is not set up, so newsletters cannot be sent. Set SMTP_URL and MAIL_FROM to send them.'
  await panel.getByRole('button', { name: 'Send now' }).click()
  await expect(panel.getByRole('alert')).toHaveText(words)
  await panel.getByRole('button', { name: 'Send me a test' }).click()
  await expect(panel.getByRole('button', { name: 'Send me a test' })).toBeEnabled()
  await expect(panel.getByRole('alert')).toHaveText(words)
  // Nothing was queued: the fields are still there.
  await expect(panel.getByLabel('Subject')).toBeVisible()
  // The browser logs each 503 it was answered; those two are the ones this test asked for.
  expect(consoleErrors.filter((e) => /status of 503/.test(e))).toHaveLength(2)
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 503/.test(e)))
})
