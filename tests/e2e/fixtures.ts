import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Frame,
  type Locator,
  type Page,
} from '@playwright/test'
import { generate } from 'otplib'
import type { Post, PostInput } from '#common/contract/posts.ts'
import type { Role } from '#common/roles.ts'
import { type FakeX, fakeXEnv, startFakeX } from '#tests/fixtures/fake-x.ts'
import { startTestSmtp, TEST_MAIL_FROM, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { E2E_ADMIN, startTestServer, startWithPageBuild, type TestServer } from '#tests/helpers/server-process.ts'

export { expect }

/**
 * Waits until the page's JavaScript handlers are attached: React has hydrated the server HTML of a
 * page or frame (it attaches its fiber to the DOM nodes it adopts; hydration starts after the first
 * paint, docs/decisions/016), or, on a page sent without React (a post, the blog list, `/`), its
 * island script has run (docs/decisions/043, 066). A test that needs a handler waits for this first.
 */
export async function hydrated(target: Page | Frame) {
  await target.waitForFunction(() => {
    if (document.documentElement.hasAttribute('data-island')) return true
    const first = document.body.firstElementChild
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'))
  })
}

/**
 * Issue 32: a save keeps the writer in the editor: the edit screen of the post (`id`; any post
 * after a create), its save state 'Saved HH:MM'.
 */
export async function expectSavedInEditor(page: Page, id?: number) {
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id ?? '\\d+'}$`))
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toBeVisible()
}

/** Records every Content-Security-Policy violation the page reports, from before its first script. */
export async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`)
    })
  })
}

export const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])

let counter = 0
/** A slug no other test uses, so specs sharing one server never see each other's rows. */
/**
 * A person's browser. Headless Chromium says "HeadlessChrome", which isbot rightly takes for a bot:
 * a test whose page views or clicks must count browses as this.
 */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

/**
 * Opens another admin screen through the shell's navigation (issue 28): the side bar at 1024 px and
 * wider, the 'Menu' sheet below. `name` is the link's name in the navigation.
 */
export async function openAdminScreen(page: Page, name: string | RegExp) {
  await hydrated(page)
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  const nav = page.getByRole('navigation', { name: 'Admin', exact: true }).filter({ visible: true })
  const link = nav.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
  // A click on 'Menu' while the screen is still settling can come to nothing: try again until the
  // sheet shows the link.
  await expect(async () => {
    if ((await menu.isVisible()) && !(await link.isVisible())) await menu.click()
    await expect(link).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
  await link.click()
}

/** Signs out through the shell's 'Sign out' (in the side bar, or in the 'Menu' sheet on a phone). */
export async function signOut(page: Page) {
  await hydrated(page)
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  const button = page.getByRole('button', { name: 'Sign out' }).filter({ visible: true })
  await expect(async () => {
    if ((await menu.isVisible()) && !(await button.isVisible())) await menu.click()
    await expect(button).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
  await button.click()
}

/**
 * Makes a staff account of `role` through an invitation `owner` (a signed-in request context)
 * sends, and accepts it in `target`'s browser context, which is then signed in as that person.
 */
export async function joinAs(owner: APIRequestContext, target: APIRequestContext, role: Role, name: string) {
  const email = `${uniqueSlug(role)}@example.com`
  const invited = await owner.post('/api/admin/staff/invitations', { data: { email, role } })
  expect(invited.status()).toBe(201)
  const { link } = (await invited.json()) as { link: string }
  const token = new URL(link).pathname.split('/').pop() as string
  const accepted = await target.post(`/api/admin/invitations/${token}/accept`, {
    data: { name, password: 'a staff passphrase' },
  })
  expect(accepted.ok()).toBe(true)
  return { email }
}

/** The sign-in screen's arithmetic question (issue 28), e.g. 'What is 3 + 4?'. */
export const QUESTION = /^What is (\d+) ([+\u2212]) (\d+)\?$/

/** Signs `page` in through the login screen with a password, answering its question (no second factor step). */
export async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await hydrated(page)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  const label = page.getByText(QUESTION)
  await expect(label).toBeVisible()
  const [, a, op, b] = QUESTION.exec((await label.textContent()) ?? '') ?? []
  await page.getByLabel(QUESTION).fill(String(op === '+' ? Number(a) + Number(b) : Number(a) - Number(b)))
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** The code an authenticator app shows now (`step` 0) or in the next 30 s (1): each is taken once. */
export const totpCode = (secret: string, step = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 })

/** Expects each of `attributes` on `locator`, one attribute after the other. */
export async function expectAttributes(locator: Locator, attributes: Record<string, string | RegExp>) {
  for (const [name, value] of Object.entries(attributes)) await expect(locator).toHaveAttribute(name, value)
}

/** Expects the page to fit its screen (or `width`): nothing to scroll sideways to. */
export async function expectNoSidewaysScroll(page: Page, width?: number) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }))
  expect(scroll, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(width ?? inner)
}

/**
 * Two pages on one post: `other` saves `theirs` as the content first (and is closed), then `page`
 * saves `mine` over a version it never saw, which meets the conflict (issue 28). `box` finds the
 * content field on a page.
 */
export async function saveAfterOtherPage(
  page: Page,
  other: Page,
  box: (p: Page) => Locator,
  texts: { theirs: string; mine: string },
) {
  await box(other).fill(texts.theirs)
  await other.getByRole('button', { name: 'Update Blog Post' }).click()
  await expectSavedInEditor(other)
  await other.close()

  await box(page).fill(texts.mine)
  await page.getByRole('button', { name: 'Update Blog Post' }).click()
}

/** Opens the create screen and waits until its buttons have come alive (the page has hydrated). */
export async function openCreate(page: Page) {
  await page.goto('/admin/blog/create')
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeEnabled()
}

/**
 * The editor's settings (issue 32): the panel beside the writing on a wide screen, the 'Post
 * settings' sheet on a narrower one, opened with 'Settings' when it is not open yet.
 */
export async function openSettings(page: Page) {
  const toggle = page.getByRole('button', { name: 'Settings', exact: true })
  await expect(toggle).toBeEnabled()
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const settings = page.locator('#post-settings')
  await expect(settings).toBeVisible()
  return settings
}

/** Closes the settings sheet of a phone (its close button), back to the writing; a wide screen's panel stays. */
export async function closeSettings(page: Page) {
  const sheet = page.getByRole('dialog', { name: 'Post settings' })
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: 'Close settings' }).click()
    await expect(sheet).toBeHidden()
  }
}

/** The key that goes with Ctrl on Windows and Linux and with Cmd on a Mac, as Playwright names it. */
export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control'

/** Where the editor keeps this device's choice of the rich editor or Markdown (issue 32). */
const EDITOR_MODE_KEY = 'vq-editor-mode'

/** The rich editor's writing surface (issue 32), the default of the create and edit screens. */
export const richEditor = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true })

/** The post body's Markdown textarea: switches the content editor to Markdown mode if needed. */
export async function markdownBox(page: Page) {
  const toggle = page.getByRole('button', { name: 'Markdown', exact: true })
  await expect(toggle).toBeEnabled()
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  const box = page.getByRole('textbox', { name: 'Content (Markdown)' })
  await expect(box).toBeVisible()
  return box
}

/** Types Markdown into the post body (through the Markdown textarea). */
export async function fillMarkdown(page: Page, text: string) {
  await (await markdownBox(page)).fill(text)
}

/**
 * Makes Markdown this browser context's editor choice from its first page on, as a writer who
 * prefers it would have: for specs about what the post holds rather than how it is typed.
 */
export async function preferMarkdown(target: Page | BrowserContext) {
  await target.addInitScript((key) => {
    try {
      localStorage.setItem(key, 'markdown')
    } catch {} // about:blank and opaque origins have no storage
  }, EDITOR_MODE_KEY)
}

/**
 * Holds the browser's requests to `url` (a glob) until `release()`, so a test can look at the busy
 * state; `calls()` counts the requests held so far.
 */
export async function hold(page: Page, url: string) {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let calls = 0
  await page.route(url, async (route) => {
    calls++
    await held
    await route.continue()
  })
  return { release, calls: () => calls }
}

/** Signs `request` in as the e2e admin, on the shared server or on the one at `origin`. */
export async function signIn(request: APIRequestContext, origin = '') {
  const res = await request.post(`${origin}/api/admin/login`, { data: E2E_ADMIN })
  expect(res.status(), await res.text()).toBe(200)
}

/** Creates a post through the API of the shared server or of the one at `origin` (signed in); returns it. */
export async function createPostOn(request: APIRequestContext, data: Partial<PostInput>, origin = ''): Promise<Post> {
  const res = await request.post(`${origin}/api/blog`, { data })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { post: Post }).post
}

interface WorkerFixtures {
  /**
   * The server this worker's tests share: one per Playwright worker, each on its own data folder,
   * so specs running at the same time in two workers never see each other's posts, settings or
   * limits (a spec that needs other settings starts a server of its own).
   */
  workerServer: TestServer
}

interface Fixtures {
  /** Whether each test starts signed in as the e2e admin: `test.use({ signedIn: true })` in admin specs. */
  signedIn: boolean
  /** Every request the page sends to another host (none is allowed: docs/product.md, no external requests). */
  foreignRequests: string[]
  /** Signs the page's browser context in as the e2e admin (only the auth spec uses the login UI). */
  login: () => Promise<void>
  /** Creates a post through the API as the admin; returns it. */
  createPost: (input?: Partial<PostInput>) => Promise<Post>
  /** Fails the test on any console error or uncaught page error. */
  consoleErrors: string[]
  /** Runs axe on the current page and expects no violations. */
  expectNoA11yViolations: (options?: {
    /** Left out of the check: a sandboxed frame (no script runs in it, so axe cannot look inside and waits). */
    exclude?: string
  }) => Promise<void>
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      // Every spec signs in and sends contact messages from 127.0.0.1: lift the per-IP limits (their
      // own tests, in tests/integration, run with the defaults).
      const server = await startTestServer({
        env: { LOGIN_ATTEMPTS_PER_IP_HOUR: '100000', CONTACT_MESSAGES_PER_IP: '1000' },
      })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url)
  },
  signedIn: [false, { option: true }],
  page: async ({ page, signedIn }, use) => {
    if (signedIn) await signIn(page.context().request)
    await use(page)
  },
  foreignRequests: async ({ page, baseURL }, use) => {
    const requests: string[] = []
    page.on('request', (r) => {
      // data: and blob: addresses stay in the page.
      const url = new URL(r.url())
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL as string).origin)
        requests.push(r.url())
    })
    await use(requests)
  },
  login: async ({ page }, use) => {
    await use(async () => {
      await signIn(page.context().request)
    })
  },
  createPost: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL })
    let signedIn = false
    await use(async (input = {}) => {
      if (!signedIn) {
        await signIn(request)
        signedIn = true
      }
      const slug = input.slug ?? uniqueSlug('e2e-post')
      return await createPostOn(request, {
        title: `E2E post ${slug}`,
        excerpt: 'A post made by a browser test. It has two sentences.',
        content: '## A heading\n\nSome **bold** text and a [link](/blog).',
        category: 'technology',
        tags: ['e2e'],
        author: 'Test Author',
        isPublished: true,
        ...input,
        slug,
      })
    })
    await request.dispose()
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (m) => {
        // A page answered with 404 on purpose (not-found tests) logs its own status: not an error.
        const ownStatus = m.text().startsWith('Failed to load resource') && m.location().url === page.url()
        // An email preview sits in an iframe with sandbox="" (issue 30): it runs no script, and
        // Chromium says so each time Playwright or axe injects theirs to look inside it.
        const sandboxProbe = m
          .text()
          .startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed")
        if (m.type() === 'error' && !ownStatus && !sandboxProbe) errors.push(m.text())
      })
      page.on('pageerror', (e) => errors.push(e.message))
      await use(errors)
      expect(errors, 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
  expectNoA11yViolations: async ({ page }, use) => {
    await use(async ({ exclude } = {}) => {
      // Also the experimental rule that a control's name contains its visible text (voice control).
      const builder = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      if (exclude) builder.exclude(exclude)
      // Colours are measured as they end: a list dimmed while its next page loads (aria-busy) or a
      // screen still fading in is paler than the reader sees it once it settles. A part that stays
      // busy (a stream still running, a query waiting on a choice) is measured as it is after 5 s.
      await page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined)
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      )
      const results = await builder.analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  },
})

/** A server of the spec's own whose X credentials lead to a stand-in X; see `serverWithFakeX`. */
export interface ServerWithFakeX {
  server: TestServer
  fakeX: FakeX
  /** Signs the page's requests in as the e2e admin on this server. */
  signIn: (page: Page) => Promise<void>
}

/**
 * Declares the tests of `body` once at each width, a desktop's then a phone's, each in a describe
 * 'at <width> px' whose pages have that viewport.
 */
export function atWidths(body: (width: number) => void) {
  for (const width of [1440, 390]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } })
      body(width)
    })
  }
}

/**
 * Posting and scheduling on X need X credentials on the server: starts a stand-in X and a server
 * of its own pointed at it before the tests of the file or describe block this is called in, and
 * stops both after them. Its fields are set once the tests run.
 */
export function serverWithFakeX(): ServerWithFakeX {
  const own = { signIn: (page: Page) => signIn(page.request, own.server.url) } as ServerWithFakeX
  test.beforeAll(async () => {
    test.setTimeout(90_000)
    own.fakeX = await startFakeX()
    own.server = await startTestServer({ env: fakeXEnv(own.fakeX) })
  })
  test.afterAll(async () => {
    await own.server?.stop()
    await own.fakeX?.close()
  })
  return own
}

/** A server of its own that sends mail through a real SMTP server on 127.0.0.1 (decision 055). */
export interface ServerWithMail {
  server: TestServer
  smtp: TestSmtp
}

/**
 * The `mail` fixture of a spec that reads what the site emails: a real SMTP server and a server
 * of its own pointed at it, per test (`'test'`: readers of one test must not count in another's
 * send) or per worker.
 */
export function serverWithMail<Scope extends 'test' | 'worker'>(scope: Scope) {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use: (mail: ServerWithMail) => Promise<void>) => {
      const smtp = await startTestSmtp()
      const server = await startWithPageBuild({
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: TEST_MAIL_FROM,
          JOB_POLL_SECONDS: '0.5',
          CONTACT_MESSAGES_PER_IP: '100',
        },
      })
      await use({ server, smtp })
      await server.stop()
      await smtp.close()
    },
    { scope, timeout: 180_000 },
  ] as [
    (args: object, use: (mail: ServerWithMail) => Promise<void>) => Promise<void>,
    { scope: Scope; timeout: number },
  ]
}

/**
 * `test` with `mail`, a server that mails (serverWithMail) shared by the tests of a worker, which
 * pages and `createPost` use as their base URL.
 */
export const mailTest = test.extend<object, { mail: ServerWithMail }>({
  mail: serverWithMail('worker'),
  baseURL: async ({ mail }, use) => use(mail.server.url),
})
