import { generate } from 'otplib'
import { chromium, request as pwRequest } from 'playwright-core'
import { E2E_ADMIN, ensureSiteBuilt, startTestServer } from '#tests/helpers/server-process.ts'

await ensureSiteBuilt()
const server = await startTestServer({ env: { LOGIN_ATTEMPTS_PER_IP_HOUR: '100000' } })
const base = server.url
try {
  const admin = await pwRequest.newContext({ baseURL: base })
  if ((await admin.post('/api/admin/login', { data: E2E_ADMIN })).status() !== 200) throw new Error('login')
  const setup = await (await admin.post('/api/admin/two-factor/setup')).json()
  const en = await admin.post('/api/admin/two-factor/enable', {
    data: { code: await generate({ secret: setup.secret }) },
  })
  console.log('enable', en.status())
  console.log('policy', (await admin.put('/api/admin/two-factor/policy', { data: { required: true } })).status())
  const inv = await (
    await admin.post('/api/admin/staff/invitations', { data: { email: 'ed@example.com', role: 'editor' } })
  ).json()
  const token = new URL(inv.link).pathname.split('/').pop()
  const anon = await pwRequest.newContext({ baseURL: base })
  console.log(
    'accept',
    (
      await anon.post(`/api/admin/invitations/${token}/accept`, {
        data: { name: 'Ed Itor', password: 'an editor passphrase' },
      })
    ).status(),
  )
  const cookies = (await admin.storageState()).cookies
  const edCookies = (await anon.storageState()).cookies
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  for (const width of [1440, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } })
    await ctx.addCookies(edCookies)
    const page = await ctx.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto(`${base}/admin/blog`)
    await page.waitForURL(/\/admin\/security/)
    await page.getByTestId('two-factor-required').waitFor()
    console.log(
      width,
      'editor redirected to',
      page.url(),
      'scrollWidth',
      await page.evaluate(() => document.documentElement.scrollWidth),
    )
    await page.screenshot({ path: `tmp/required-${width}.png`, fullPage: true })
    // a client navigation to another screen is sent back
    await page.getByRole('link', { name: 'Blog Management' }).click()
    await page.waitForTimeout(1500)
    console.log(width, 'after clicking Blog Management:', page.url())
    console.log('console errors', errors)
    const actx = await browser.newContext({ viewport: { width, height: 900 } })
    await actx.addCookies(cookies)
    const ap = await actx.newPage()
    await ap.goto(`${base}/admin/security`)
    await ap.getByText('Require two-factor sign-in').waitFor()
    await ap.screenshot({ path: `tmp/admin-security-${width}.png`, fullPage: true })
    await ap.goto(`${base}/admin/staff`)
    await ap.getByTestId('staff-member').first().waitFor()
    await ap.screenshot({ path: `tmp/staff-${width}.png`, fullPage: true })
    await ctx.close()
    await actx.close()
  }
  await browser.close()
} finally {
  await server.stop()
}
