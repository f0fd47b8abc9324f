import { expect, hydrated, mailTest, openAdminScreen, uniqueSlug } from '#tests/e2e/fixtures.ts'
import type { SmtpAnswer } from '#tests/fixtures/smtp.ts'

/**
 * Issue 28 with mail set up (docs/decisions/055-mail.md): a server of its own sends invitations
 * through a real SMTP server on 127.0.0.1, and the staff screen shows each email's fate: on its
 * way, emailed, or refused for good.
 */
for (const width of [1440, 390]) {
  mailTest.describe(`with mail set up, at ${width} px`, () => {
    mailTest.describe.configure({ timeout: 90_000 })
    mailTest.use({ viewport: { width, height: 900 } })

    mailTest(
      'an invitation is emailed; one the mail server refuses says so',
      async ({ page, login, mail: { smtp }, expectNoA11yViolations }) => {
        const held = uniqueSlug('held')
        const refused = uniqueSlug('refused')
        let accept: (() => void) | undefined
        smtp.answer = () => undefined
        await login()
        await page.goto('/admin/blog')
        await hydrated(page)
        await openAdminScreen(page, 'Staff')

        const invite = async (name: string) => {
          const email = `${name}@example.com`
          await page.getByLabel('Email').fill(email)
          await page.getByLabel('Role', { exact: true }).selectOption('contributor')
          await page.getByRole('button', { name: 'Invite' }).click()
          await expect(page.getByTestId('invitation-link')).toContainText(
            'The link is on its way to them by email. It works once, for 7 days; you can also copy it now.',
          )
          return page.getByRole('listitem').filter({ hasText: email })
        }

        // The mail server takes its time: the screen says the email is on its way, then that it went,
        // without a reload.
        smtp.answer = () => new Promise<SmtpAnswer>((resolve) => (accept = () => resolve(undefined)))
        const first = await invite(held)
        await expect(first.getByText('Sending the email…')).toBeVisible()
        await expect.poll(() => accept !== undefined).toBe(true)
        accept?.()
        await expect(first.getByText('Emailed', { exact: true })).toBeVisible({ timeout: 15_000 })
        expect(smtp.received.filter((m) => m.to.includes(`${held}@example.com`))).toHaveLength(1)

        // A permanent refusal (5xx) is not retried and the inviter is told what to do.
        smtp.answer = () => ({ code: 550, message: 'No such mailbox' })
        const second = await invite(refused)
        await expect(
          second.getByText('Email could not be delivered: withdraw it and send a new link yourself.'),
        ).toBeVisible({ timeout: 15_000 })
        smtp.answer = () => undefined

        await expectNoA11yViolations()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: `test-results/staff-mail-${width}.png`, fullPage: true })
      },
    )
  })
}
