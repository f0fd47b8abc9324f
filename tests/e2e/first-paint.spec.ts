import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

// docs/decisions/016: a public page is painted from its HTML and style sheet alone; the ~110 KB of
// script that makes it interactive is asked for only once that first paint has been presented,
// so on a slow connection it never competes with what the reader sees first.
test('public pages ask for their scripts only after their first contentful paint, then hydrate', async ({
  page,
  request,
}) => {
  const posts = (await (await request.get('/api/blog?published=true')).json()) as { slug: string }[]
  const post = posts[0]?.slug as string
  expect(post).toBeTruthy()
  // `/`, a post and the blog list are sent without React (docs/decisions/043, 066): their one small
  // classic script is pinned below instead.
  for (const address of ['/legal/terms']) {
    await page.goto(address)
    await hydrated(page)
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      return {
        paint: paint?.startTime ?? null,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      }
    })
    expect(timing.paint, address).not.toBeNull()
    expect(timing.scripts, address).toBeGreaterThan(0)
    expect(timing.firstScript, address).toBeGreaterThanOrEqual(timing.paint as number)
  }
})

// An admin screen's server HTML is the session skeleton, which paints nothing contentful: waiting
// for that paint held every admin screen (the sign-in form too) dead for the 3 s fallback. Its code
// is asked for by the document itself, and the screen answers as soon as it has loaded.
test('an admin screen asks for its code at once, not after the first paint', async ({ request }) => {
  for (const address of ['/admin/login', '/admin/invite/not-a-token']) {
    const html = await (await request.get(address)).text()
    expect(html, address).toMatch(/<link rel="modulepreload"/)
    expect(html, address).toMatch(/<script[^>]* type="module"/)
    expect(html, address).not.toMatch(/vq-modulepreload|text\/vq-module/)
  }
})

// docs/decisions/043: the blog list and a post are sent without React. Their one script is a small
// classic script run after the document is parsed; no module, no preload, no hydration data.
test('the blog list and a post load one deferred script of a few KB, and no framework', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blog?published=true')).json()) as { slug: string }[]
  for (const address of ['/blog', `/blog/${posts[0]?.slug}`]) {
    const html = await (await request.get(address)).text()
    expect(html, address).not.toMatch(/modulepreload|type="module"|__reactRouterContext|vq-module/)
    expect(html.match(/<script src="[^"]+" defer="">/g), address).toHaveLength(1)
    const scripts: { url: string; bytes: number }[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push({ url: response.url(), bytes: (await response.body()).length })
    })
    await page.goto(address)
    await hydrated(page)
    expect(scripts, address).toHaveLength(1)
    expect(scripts[0]?.bytes, address).toBeLessThan(10_000)
    page.removeAllListeners('response')
  }
})

// docs/decisions/066: the landing page is sent without React too. Its one script is a classic
// script of its own, run after the document is parsed: no framework, no route modules, no
// hydration data, and under 25 KB as sent (issue 27: `/` ≤ 100 KB).
test('the landing page loads one deferred script, under 25 KB as sent, and no framework', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  expect(html).not.toMatch(/modulepreload|type="module"|__reactRouterContext|vq-module/)
  expect(html.match(/<script src="[^"]+" defer="">/g)).toHaveLength(1)
  expect(html).toMatch(/<script src="\/assets\/landing-[^"]+\.js" defer="">/)
  const scripts: { url: string; raw: number; sent: number }[] = []
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script') return
    const response = await req.response()
    scripts.push({
      url: req.url(),
      raw: (await response?.body())?.length ?? 0,
      sent: (await req.sizes()).responseBodySize,
    })
  })
  await page.goto('/')
  await hydrated(page)
  await expect.poll(() => scripts.length).toBe(1)
  expect(scripts[0]?.url).toMatch(/\/assets\/landing-[^/]+\.js$/)
  expect(scripts[0]?.sent).toBeLessThan(25_000)
  expect(scripts[0]?.raw).toBeLessThan(40_000)
  // Nothing React leaves behind: no fiber on the page's nodes.
  expect(
    await page.evaluate(() =>
      Object.keys(document.body.firstElementChild ?? {}).some((key) => key.startsWith('__react')),
    ),
  ).toBe(false)
})

// docs/decisions/016, second addendum: the landing page's sections are hydrated one by one
// (Suspense boundaries that never suspend), yet the HTML holds each of them in place: none is sent
// as a hidden segment that only a script would reveal, so a reader without JavaScript sees them.
test('the landing page is sent with its sections in place, each one hydrated on its own', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  expect(html.match(/<!--\$-->/g)?.length ?? 0).toBeGreaterThanOrEqual(9)
  expect(html).not.toContain('<!--$?-->')
  expect(html).not.toMatch(/<div hidden id="S:/)

  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname)
  })
  await page.goto('/')
  await hydrated(page)
  // The last section's script runs too: its form refuses fields of spaces in the page (the page's
  // note), where the server's HTML alone would post them.
  const form = page.locator('#contact form')
  await form.getByLabel('Name').fill('   ')
  await form.getByLabel('Email').fill('ada@example.com')
  await form.getByLabel('Message').fill('   ')
  await form.getByRole('button', { name: 'Launch Your Quest' }).click()
  await expect(page.locator('#page-note[role="status"]')).toContainText('Please fill in all required fields.')
  expect(posts.filter((p) => p === '/' || p === '/api/contact')).toEqual([])
})

// docs/decisions/016, third addendum: the first frame waits for the whole document (one layout of
// the page, not one per parsed chunk), with the text font asked for by the HTML itself.
test('every public page holds its first frame until its document is parsed, and asks for its font up front', async ({
  request,
}) => {
  const posts = (await (await request.get('/api/blog?published=true')).json()) as { slug: string }[]
  for (const address of ['/', '/blog', `/blog/${posts[0]?.slug}`, '/legal/terms']) {
    const html = await (await request.get(address)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head, address).toMatch(/<link rel="expect" href="#page-end" blocking="render"\/>/)
    expect(head, address).toMatch(/<link rel="preload" href="\/assets\/inter-latin-[^"]+\.woff2" as="font"/)
    // The element it waits for comes after the page's content, before the scripts.
    const footer = html.indexOf('</footer>')
    const end = html.indexOf('<div id="page-end" hidden="">')
    expect(footer, address).toBeGreaterThan(0)
    expect(end, address).toBeGreaterThan(footer)
    expect(end, address).toBeLessThan(html.indexOf('<script', footer))
  }
})

test('the icon is a PNG, so no SVG document is drawn on the page thread', async ({ page, request }) => {
  const icon = await request.get('/favicon-32.png')
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toBe('image/png')
  expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG')
  await page.goto('/')
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon-32.png')
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png')
})

// The landing sections below the hero skip style and layout while off screen; every way of jumping
// to one of them still lands on it.
test.describe('sections laid out only near the screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('wait off screen until a jump needs them', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const deferred = () =>
      page.evaluate(() => getComputedStyle(document.getElementById('results') as HTMLElement).contentVisibility)
    expect(await deferred()).toBe('auto')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('#mobile-nav').getByRole('button', { name: 'Contact' }).click()
    await expect(page.locator('#contact')).toBeInViewport()
    expect(await deferred()).toBe('visible')
  })

  test('a link to a section from another page lands on it', async ({ page, request }) => {
    const posts = (await (await request.get('/api/blog?published=true')).json()) as { slug: string }[]
    await page.goto(`/blog/${posts[0]?.slug}`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Get Started Today' }).click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.locator('#contact')).toBeInViewport({ ratio: 0.5 })
  })

  test('the legal sections wait too, and the table of contents still jumps to its section', async ({ page }) => {
    await page.goto('/legal/terms')
    const last = page.locator('article section').last()
    expect(await last.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto')
    const toc = page.getByRole('navigation', { name: 'Table of contents' })
    await toc.getByRole('link').last().click()
    await expect(last.getByRole('heading', { level: 2 })).toBeInViewport()
    expect(await last.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('visible')
  })

  test('an address with a section fragment opens at that section', async ({ page }) => {
    await page.goto('/#results')
    await expect(page.locator('#results')).toBeInViewport({ ratio: 0.5 })
  })
})
