import type { Page } from '@playwright/test'
import { expect, hydrated, openAdminScreen, test } from '#tests/e2e/fixtures.ts'
import { FAKE_LINKEDIN, type FakeLinkedIn, startFakeLinkedIn } from '#tests/fixtures/fake-linkedin.ts'
import { E2E_ADMIN, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// Issue 29, the Channels screen: paste LinkedIn's settings, save them, test the connection against
// a stand-in LinkedIn on 127.0.0.1 (the organization's name comes back), and disconnect; at a
// desktop's width and a phone's, with nothing scrolling sideways. A server of the spec's own, so
// the connection stored here touches no other spec.

let server: TestServer
let linkedin: FakeLinkedIn

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  test.setTimeout(90_000)
  linkedin = await startFakeLinkedIn()
  server = await startTestServer()
})
test.afterAll(async () => {
  await server?.stop()
  await linkedin?.close()
})

async function signIn(page: Page) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })
  expect(res.status(), await res.text()).toBe(200)
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

for (const width of [1440, 390]) {
  test(`at ${width} px: paste LinkedIn's settings, save, test the connection and disconnect`, async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 })
    await signIn(page)
    await page.goto(`${server.url}/admin/blog`)
    await hydrated(page)
    await openAdminScreen(page, 'Channels')
    await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible()

    // X: read-only, set on the server.
    const x = card(page, 'X')
    await expect(x.getByText('Set on the server only.')).toBeVisible()
    await expect(x.getByRole('textbox')).toHaveCount(0)

    const li = card(page, 'LinkedIn')
    await expect(li.getByText('Not connected', { exact: true })).toBeVisible()
    await expect(li.getByRole('button', { name: 'Test connection' })).toBeDisabled()
    const token = li.getByLabel('Access token')
    await expect(token).toHaveAttribute('type', 'password')
    await li.getByLabel('Organization id').fill(FAKE_LINKEDIN.organizationId)
    await token.fill(FAKE_LINKEDIN.accessToken)
    await li.getByLabel('API address').fill(linkedin.url)
    // LinkedIn's tokens last 60 days: one that ends in 3 days is warned of (issue 29).
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    await li.getByLabel('Token expires on').fill(soon)
    await li.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(li.getByText('LinkedIn settings saved.')).toBeVisible()
    await expect(li.getByRole('status').filter({ hasText: 'Its access token expires on' })).toContainText(
      'posts due after it cannot be scheduled',
    )
    if (width > 1000) {
      // The admin shell says it too, beside Channels, wherever one is in the admin.
      await expect(
        page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Channels (1 token expires soon)' }),
      ).toBeVisible()
    }
    await expect(li.getByText('Connected', { exact: true })).toBeVisible()
    await expect(li.getByText('Connected with the settings saved on this screen.')).toBeVisible()
    // The secret is not shown back: the field is empty and says it is saved.
    await expect(token).toHaveValue('')
    await expect(li.getByText(/Saved: leave empty to keep it\./)).toBeVisible()

    // Keyboard: Test connection is reached and pressed without a mouse.
    await li.getByRole('button', { name: 'Test connection' }).focus()
    await page.keyboard.press('Enter')
    await expect(li.getByRole('status').filter({ hasText: 'Connected as' })).toHaveText(
      `Connected as ${FAKE_LINKEDIN.name}.`,
    )
    await expect(li.getByText(`Account: ${FAKE_LINKEDIN.name}`)).toBeVisible()

    // Posting times of its own.
    // Until it has its own, a network shows X's times to start from.
    const times = li.getByRole('listitem')
    const before = await times.count()
    await li.getByRole('button', { name: 'Add a time' }).click()
    await expect(times).toHaveCount(before + 1)
    await li.getByLabel(`Posting time ${before + 1}`, { exact: true }).fill('21:30')
    await li.getByRole('button', { name: 'Save posting times' }).click()
    await expect(li.getByText('Posting times saved.')).toBeVisible()

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoA11yViolations()
    await li.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `/tmp/channels-${width}.png`, fullPage: true })

    await li.getByRole('button', { name: 'Disconnect' }).click()
    await expect(li.getByText('LinkedIn disconnected.')).toBeVisible()
    await expect(li.getByText('Not connected', { exact: true })).toBeVisible()
    await expect(li.getByRole('button', { name: 'Test connection' })).toBeDisabled()
  })
}

for (const width of [1440, 390]) {
  test(`at ${width} px: a writer who cannot manage channels is warned of an expiring token on every admin screen`, async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 })
    await signIn(page)
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const saved = await page.request.put(`${server.url}/api/admin/channels/linkedin`, {
      data: {
        fields: {
          organizationId: FAKE_LINKEDIN.organizationId,
          accessToken: FAKE_LINKEDIN.accessToken,
          baseUrl: linkedin.url,
          tokenExpiresOn: soon,
        },
      },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    // The administrator's warning links to the Channels screen.
    await page.goto(`${server.url}/admin/blog`)
    await hydrated(page)
    const adminBanner = page.getByRole('status').filter({ hasText: "LinkedIn's access token expires on" })
    await expect(adminBanner.getByRole('link', { name: 'Channels' })).toHaveAttribute('href', '/admin/channels')

    // An author joins and is told too, with whom to ask.
    const invited = await page.request.post(`${server.url}/api/admin/staff/invitations`, {
      data: { email: `expiry-${width}@example.com`, role: 'author' },
    })
    expect(invited.status(), await invited.text()).toBe(201)
    const token = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop()
    // Off the admin screen first: a request it still sends after the cookies are gone is a 401.
    await page.goto('about:blank')
    await page.context().clearCookies()
    const accepted = await page.request.post(`${server.url}/api/admin/invitations/${token}/accept`, {
      data: { name: `Expiry ${width}`, password: 'a long enough passphrase' },
    })
    expect(accepted.status(), await accepted.text()).toBeLessThan(300)
    await page.goto(`${server.url}/admin/blog`)
    await hydrated(page)
    const banner = page.getByRole('status').filter({ hasText: "LinkedIn's access token expires on" })
    await expect(banner).toContainText(
      /LinkedIn's access token expires on .+: LinkedIn posts due after it will not go out until it is renewed\./,
    )
    await expect(banner).toContainText('Ask an administrator to renew it under Channels.')
    await expect(banner.getByRole('link')).toHaveCount(0)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoA11yViolations()
    await page.screenshot({ path: `/tmp/expiry-banner-${width}.png` })

    // Dismissed by keyboard, it stays away on the next screen of this tab.
    await banner.getByRole('button', { name: 'Dismiss the token warning' }).focus()
    await page.keyboard.press('Enter')
    await expect(banner).toHaveCount(0)
    await page.goto(`${server.url}/admin/profile`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    await expect(page.getByText("LinkedIn's access token expires on")).toHaveCount(0)

    // Renewed (no expiry), the warning is gone for everyone.
    await page.goto('about:blank')
    await page.context().clearCookies()
    await signIn(page)
    const cleared = await page.request.delete(`${server.url}/api/admin/channels/linkedin`)
    expect(cleared.status(), await cleared.text()).toBe(200)
    await page.goto(`${server.url}/admin/blog`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText("LinkedIn's access token expires on")).toHaveCount(0)
  })
}
