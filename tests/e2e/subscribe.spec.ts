import type { Page } from '@playwright/test'
import { expect, expectNoSidewaysScroll, mailTest, uniqueSlug } from '#tests/e2e/fixtures.ts'
import type { TestSmtp } from '#tests/fixtures/smtp.ts'

/**
 * Issue 30 (docs/decisions/060, 063): a reader subscribes under a post with and without
 * JavaScript, confirms from the email that reached a real SMTP server, and the forms on /blog and
 * the landing page are there, at 1440 and 390 px.
 */
/** The confirmation link emailed to `address`, once it arrived. */
async function confirmationLink(smtp: TestSmtp, address: string): Promise<string> {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(address)), { timeout: 15_000 }).toBe(true)
  const mail = smtp.received.find((m) => m.to.includes(address))
  const link = /https?:\/\/\S+\/subscribe\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail?.mail.text ?? '')?.[0]
  expect(link).toBeTruthy()
  return link as string
}

/** Opens the emailed link on this server (the email names the server's public address). */
async function confirmFromEmail(page: Page, link: string) {
  const url = new URL(link)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible()
}

for (const width of [1440, 390]) {
  mailTest.describe(`subscribing at ${width} px`, () => {
    mailTest.describe.configure({ timeout: 90_000 })
    mailTest.use({ viewport: { width, height: 900 } })

    mailTest(
      'under a post without JavaScript: the form posts to /subscribe, the email confirms',
      async ({ browser, createPost, mail: { server, smtp }, page }) => {
        const post = await createPost()
        const address = `${uniqueSlug('nojs')}@example.com`
        const context = await browser.newContext({
          baseURL: server.url,
          javaScriptEnabled: false,
          viewport: { width, height: 900 },
        })
        const noJs = await context.newPage()
        await noJs.goto(`/blog/${post.slug}`)
        const form = noJs.getByTestId('subscribe-post')
        await expect(form.getByRole('heading', { name: 'Get new posts by email' })).toBeVisible()
        // Consent is required: the browser stops the form without it.
        await form.getByRole('textbox', { name: 'Email' }).fill(address)
        await form.getByRole('checkbox', { name: /Email me new VidQuest blog posts/ }).check()
        await form.getByRole('button', { name: 'Subscribe' }).click()
        await expect(noJs).toHaveURL(/\/subscribe$/)
        await expect(noJs.getByRole('status')).toHaveText('Check your inbox: we sent you a link to confirm.')
        await expectNoSidewaysScroll(noJs, width)
        await noJs.screenshot({ path: `test-results/subscribe-nojs-${width}.png`, fullPage: true })
        await context.close()

        await confirmFromEmail(page, await confirmationLink(smtp, address))
        await expectNoSidewaysScroll(page, width)
        await page.screenshot({ path: `test-results/subscribe-confirmed-${width}.png`, fullPage: true })
      },
    )

    mailTest(
      'under a post with JavaScript: the answer shows in place; a bad address is named',
      async ({ createPost, mail: { smtp }, page, expectNoA11yViolations, consoleErrors }) => {
        const post = await createPost()
        const address = `${uniqueSlug('js')}@example.com`
        await page.goto(`/blog/${post.slug}`)
        await expect(page.locator('html[data-island]')).toBeAttached()
        const form = page.getByTestId('subscribe-post')
        await form.scrollIntoViewIfNeeded()
        await expectNoA11yViolations()

        // The server's refusal is shown beside the field (spaces pass the browser's own check).
        await form.getByRole('textbox', { name: 'Email' }).fill('someone@localhost')
        await form.getByRole('checkbox', { name: /Email me new VidQuest blog posts/ }).check()
        await form.getByRole('button', { name: 'Subscribe' }).click()
        await expect(form.getByText('Enter a valid email address')).toBeVisible()
        await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused()
        // The browser logs the refused request (400) itself; the page logs nothing.
        expect(consoleErrors).toEqual([expect.stringMatching(/status of 400/)])
        consoleErrors.length = 0

        await form.getByRole('textbox', { name: 'Email' }).fill(address)
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api/subscribers')),
          form.getByRole('button', { name: 'Subscribe' }).click(),
        ])
        expect(response.status()).toBe(202)
        await expect(form.getByRole('status')).toHaveText('Check your inbox: we sent you a link to confirm.')
        await expect(form.getByRole('status')).toBeFocused()
        expect(new URL(page.url()).pathname).toBe(`/blog/${post.slug}`)
        await expectNoSidewaysScroll(page, width)
        await form.screenshot({ path: `test-results/subscribe-js-${width}.png` })

        await confirmFromEmail(page, await confirmationLink(smtp, address))
      },
    )

    mailTest('/blog, the landing page and /subscribe have the form', async ({ page, expectNoA11yViolations }) => {
      for (const [path, id] of [
        ['/blog', 'subscribe-blog'],
        ['/', 'subscribe-landing'],
        ['/subscribe', 'subscribe-subscribe'],
      ] as const) {
        await page.goto(path)
        const form = page.getByTestId(id)
        await form.scrollIntoViewIfNeeded()
        await expect(form.getByRole('button', { name: 'Subscribe' })).toBeVisible()
        await expect(form.getByRole('checkbox', { name: /Email me new VidQuest blog posts/ })).toBeVisible()
        await expectNoSidewaysScroll(page, width)
        if (path === '/subscribe') {
          await expectNoA11yViolations()
          await page.screenshot({ path: `test-results/subscribe-page-${width}.png`, fullPage: true })
        }
      }
    })
  })
}
