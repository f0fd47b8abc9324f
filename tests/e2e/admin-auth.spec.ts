import type { Page } from '@playwright/test'
import { expect, hold, hydrated, test, uniqueSlug } from '#tests/e2e/fixtures.ts'
import { E2E_ADMIN } from '#tests/helpers/server-process.ts'

const QUESTION = /^What is (\d+) ([+\u2212]) (\d+)\?$/

/** The security question on screen, and its answer. */
async function readQuestion(page: Page) {
  const label = page.getByText(QUESTION)
  await expect(label).toBeVisible()
  const text = (await label.textContent()) ?? ''
  const [, a, op, b] = QUESTION.exec(text) ?? []
  const answer = op === '+' ? Number(a) + Number(b) : Number(a) - Number(b)
  return { text, answer, left: Number(a), right: Number(b) }
}

async function fillLogin(page: Page, username: string, password: string, answer?: number) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  const q = await readQuestion(page)
  await page.getByLabel(QUESTION).fill(String(answer ?? q.answer))
  return q
}

/** The login requests the page sends. */
function loginRequests(page: Page) {
  const sent: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/admin/login') sent.push(r.method())
  })
  return sent
}

/**
 * A refused request logs "Failed to load resource" in Chromium's console: expected here, so it is
 * checked and taken out of the list the consoleErrors fixture fails on.
 */
function expectConsoleErrors(errors: string[], pattern: RegExp) {
  const expected = errors.filter((e) => pattern.test(e))
  expect(expected.length, `console errors matching ${pattern}`).toBeGreaterThan(0)
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)))
}

/** The toast area (Radix also copies toasts into a hidden live region: this avoids the copy). */
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ })

/**
 * While its request is held, the clicked button reads `busy` and is disabled; once `release`d, the
 * toast shows its title and text and the screen with `heading` opens at `url`.
 */
async function expectBusyThenToast(
  page: Page,
  release: () => void,
  busy: string,
  [title, text]: [string, string],
  screen: { url: RegExp; heading: string },
) {
  await expect(page.getByRole('button', { name: busy })).toBeDisabled()
  release()
  await expect(toast(page).getByText(title, { exact: true })).toBeVisible()
  await expect(toast(page).getByText(text, { exact: true })).toBeVisible()
  await expect(page).toHaveURL(screen.url)
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
}

/** Answers Math.random from a golden-ratio sequence: successive questions always differ. */
async function predictableRandom(page: Page) {
  await page.addInitScript(() => {
    let k = 0
    Math.random = () => {
      k += 1
      return (k * 0.6180339887498949) % 1
    }
  })
}

test.describe('login screen', () => {
  test('shows the heading, subtitle, fields, security question and Sign In, with no axe violations', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/admin/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
    await expect(page.getByText('Sign in to access the VidQuest admin panel')).toBeVisible()
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')
    await expect(page.getByRole('group', { name: 'Security Check' })).toBeVisible()
    const q = await readQuestion(page)
    expect(q.left).toBeGreaterThanOrEqual(q.right)
    expect(q.right).toBeGreaterThanOrEqual(1)
    expect(q.left).toBeLessThanOrEqual(20)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    await expectNoA11yViolations()
  })

  test('the password toggle shows and hides the password and says which it will do', async ({ page }) => {
    await page.goto('/admin/login')
    // The toggle works once React has taken over the server's HTML.
    await hydrated(page)
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('secret-value')
    const show = page.getByRole('button', { name: 'Show password' })
    await expect(show).toHaveAttribute('aria-pressed', 'false')
    await show.click()
    await expect(password).toHaveAttribute('type', 'text')
    const hide = page.getByRole('button', { name: 'Hide password' })
    await expect(hide).toHaveAttribute('aria-pressed', 'true')
    await hide.press('Enter')
    await expect(password).toHaveAttribute('type', 'password')
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused()
  })

  test('an empty form shows the three required messages and sends nothing', async ({ page }) => {
    const sent = loginRequests(page)
    await page.goto('/admin/login')
    await readQuestion(page)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Username is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    await expect(page.getByText('Math answer is required')).toBeVisible()
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })

  test('a wrong math answer shows Incorrect Math Answer, sends nothing and asks a new question', async ({ page }) => {
    await predictableRandom(page)
    const sent = loginRequests(page)
    await page.goto('/admin/login')
    const q = await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password, 99)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page).getByText('Incorrect Math Answer', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Please solve the math problem correctly.', { exact: true })).toBeVisible()
    await expect(page.getByText(QUESTION)).not.toHaveText(q.text)
    await expect(page.getByLabel(QUESTION)).toHaveValue('')
    await expect(page.getByLabel(QUESTION)).toBeFocused()
    expect(sent).toEqual([])
  })

  // The server's own 401, then 401s whose body is no message at all.
  for (const [title, password, body] of [
    ['a wrong password shows Login Failed with the server message and a new question', 'not-the-password', null],
    ['a refusal with an empty body shows Login Failed with Invalid username or password.', E2E_ADMIN.password, ''],
    [
      'a refusal with a body that is not JSON shows Login Failed with Invalid username or password.',
      E2E_ADMIN.password,
      '<html><body>401 Unauthorized</body></html>',
    ],
  ] as const) {
    test(title, async ({ page, consoleErrors }) => {
      await predictableRandom(page)
      if (body !== null)
        await page.route('**/api/admin/login', (route) =>
          route.fulfill({ status: 401, contentType: body ? 'text/html' : 'text/plain', body }),
        )
      await page.goto('/admin/login')
      const q = await fillLogin(page, E2E_ADMIN.username, password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(toast(page).getByText('Login Failed', { exact: true })).toBeVisible()
      await expect(toast(page).getByText('Invalid username or password.', { exact: true })).toBeVisible()
      await expect(page.getByText(QUESTION)).not.toHaveText(q.text)
      await expect(page).toHaveURL(/\/admin\/login$/)
      expectConsoleErrors(consoleErrors, /status of 401/)
    })
  }

  test('after five failed attempts the server locks the username out and the toast says so', async ({
    page,
    consoleErrors,
  }) => {
    // A username that does not exist: the real admin is never locked out of the other tests.
    const username = uniqueSlug('locked')
    for (let i = 0; i < 4; i++) {
      const res = await page.request.post('/api/admin/login', { data: { username, password: 'wrong-password' } })
      expect(res.status()).toBe(401)
    }
    await page.goto('/admin/login')
    await fillLogin(page, username, 'wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page).getByText('Login Failed', { exact: true })).toBeVisible()
    await expect(
      toast(page).getByText('Too many failed sign-in attempts. Try again in 15 minutes.', { exact: true }),
    ).toBeVisible()
    expectConsoleErrors(consoleErrors, /status of 429/)
  })

  test('Sign In reads Signing In... while busy, then Login Successful opens /admin/blog', async ({ page }) => {
    const { release } = await hold(page, '**/api/admin/login')
    await page.goto('/admin/login')
    await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expectBusyThenToast(page, release, 'Signing In...', ['Login Successful', 'Welcome to the admin panel!'], {
      url: /\/admin\/blog$/,
      heading: 'Blog Management',
    })
  })

  test('after signing in the admin returns to the screen first asked for', async ({ page }) => {
    await page.goto('/admin/contacts')
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fcontacts$/)
    await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin\/contacts$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Inbox' })).toBeVisible()
  })

  test('a next address on another site is ignored in favour of /admin/blog', async ({ page }) => {
    await page.goto(`/admin/login?next=${encodeURIComponent('//evil.example/admin/blog')}`)
    await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/blog$/)
  })

  test('when the status check after login says signed out, Authentication Error is shown with a new question', async ({
    page,
  }) => {
    await predictableRandom(page)
    await page.route('**/api/admin/status', (route) => route.fulfill({ json: { isAuthenticated: false } }))
    await page.goto('/admin/login')
    const q = await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page).getByText('Authentication Error', { exact: true })).toBeVisible()
    await expect(
      toast(page).getByText('Login successful but session not properly set. Please try again.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByText(QUESTION)).not.toHaveText(q.text)
    await expect(page.getByLabel(QUESTION)).toHaveValue('')
    await expect(page).toHaveURL(/\/admin\/login$/)
  })

  test('when the server cannot be reached, Login Error is shown with a new question', async ({
    page,
    consoleErrors,
  }) => {
    await predictableRandom(page)
    await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'))
    await page.goto('/admin/login')
    const q = await fillLogin(page, E2E_ADMIN.username, E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page).getByText('Login Error', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Failed to authenticate. Please try again.', { exact: true })).toBeVisible()
    await expect(page.getByText(QUESTION)).not.toHaveText(q.text)
    await expect(page.getByLabel(QUESTION)).toHaveValue('')
    expectConsoleErrors(consoleErrors, /ERR_CONNECTION_REFUSED|Failed to load resource/)
  })

  test('a signed-in admin opening the login screen goes to /admin/blog', async ({ page, login }) => {
    await login()
    await page.goto('/admin/login')
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
  })
})

test.describe('guard', () => {
  test('every admin screen tells search engines not to index it, in its meta and in the answer header', async ({
    page,
    login,
    createPost,
  }) => {
    const robots = page.locator('head meta[name="robots"]')
    const loginAnswer = await page.goto('/admin/login')
    expect(loginAnswer?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
    await expect(robots).toHaveAttribute('content', 'noindex, nofollow')

    await login()
    const post = await createPost()
    const screens: [path: string, heading: string][] = [
      ['/admin/blog', 'Blog Management'],
      ['/admin/blog/create', 'Create New Blog Post'],
      [`/admin/blog/edit/${post.id}`, 'Edit Blog Post'],
      ['/admin/contacts', 'Contact Inbox'],
    ]
    for (const [path, heading] of screens) {
      const response = await page.goto(path)
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex, nofollow')
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      // Exactly one robots tag, and it says noindex: a screen's own meta must not drop it.
      await expect(robots, path).toHaveCount(1)
      await expect(robots, path).toHaveAttribute('content', 'noindex, nofollow')
    }
  })

  test('a page request without a session is redirected by the server to the login screen', async ({ page }) => {
    const response = await page.goto('/admin/blog/edit/1?x=1')
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/admin\/blog\/edit\/1\?x=1$/)
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fblog%2Fedit%2F1%3Fx%3D1$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  })

  test('skeletons stand in for the screen while the session is being checked', async ({ page, login }) => {
    await login()
    const { release } = await hold(page, '**/api/admin/status')
    await page.goto('/admin/blog')
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session…' })).toBeAttached()
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toHaveCount(0)
    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
  })

  test('a status check answered with 500 is asked once, not retried, and Try again recovers', async ({
    page,
    login,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    await login()
    const checks: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/status') checks.push(r.method())
    })
    await page.route('**/api/admin/status', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.', fields: {} } }),
    )
    await page.goto('/admin/blog')
    const failed = page.getByRole('alert').filter({ hasText: "We couldn't check your session" })
    await expect(failed.getByRole('heading', { level: 1, name: "We couldn't check your session" })).toBeVisible()
    // A retried query (TanStack's default: 3 more, 1 s, 2 s, 4 s apart) shows this screen only
    // after its last attempt; without retry it shows after the first.
    expect(checks).toEqual(['GET'])
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toHaveCount(0)
    await expectNoA11yViolations()

    await page.unroute('**/api/admin/status')
    await failed.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()
    await expect(failed).toHaveCount(0)
    expect(checks).toEqual(['GET', 'GET'])
    expectConsoleErrors(consoleErrors, /status of 500/)
  })

  test('signing out in another tab sends this one to the login screen when it is focused again', async ({
    page,
    context,
    login,
  }) => {
    await login()
    await page.goto('/admin/blog')
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible()

    const other = await context.newPage()
    await other.goto('/admin/contacts')
    await other.getByRole('button', { name: 'Sign out' }).click()
    await expect(other).toHaveURL(/\/admin\/login$/)
    await other.close()

    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fblog$/)
  })

  test('a session cookie that disappears sends the screen to the login screen on the next focus', async ({
    page,
    context,
    login,
  }) => {
    await login()
    await page.goto('/admin/contacts')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Inbox' })).toBeVisible()
    // The shell's navigation has loaded its count too: a request still on its way when the cookie
    // goes would be refused (a 401 in the console), which is not what this test is about.
    await expect(
      page
        .getByRole('navigation', { name: 'Admin', exact: true })
        .getByRole('link', { name: /^Contact Inbox \(\d+ submissions?\)$/ }),
    ).toBeVisible()
    await context.clearCookies()
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fcontacts$/)
  })
})

test.describe('logout', () => {
  test('Logout reads Logging out... while busy, then Logged Out and the login screen', async ({ page, login }) => {
    await login()
    const { release } = await hold(page, '**/api/admin/logout')
    await page.goto('/admin/blog')
    // The screen has settled: the navigation's counts have come (asked for once the account is
    // known, they would otherwise reach the server after the logout, as 401s).
    await expect(page.getByRole('link', { name: /^Review \(\d+ posts? waits?\)$/ })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expectBusyThenToast(
      page,
      release,
      'Logging out...',
      ['Logged Out', 'Successfully logged out of admin panel.'],
      {
        url: /\/admin\/login$/,
        heading: 'Admin Login',
      },
    )
    // The session is really gone: the server sends the next page request back to the login.
    await page.goto('/admin/blog')
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fblog$/)
  })

  test('a failed logout says Logout Error and keeps the admin on the screen', async ({
    page,
    login,
    consoleErrors,
  }) => {
    await login()
    await page.route('**/api/admin/logout', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.', fields: {} } }),
    )
    await page.goto('/admin/blog')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(toast(page).getByText('Logout Error', { exact: true })).toBeVisible()
    await expect(toast(page).getByText('Failed to logout. Please try again.', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeEnabled()
    expectConsoleErrors(consoleErrors, /status of 500/)
  })
})
