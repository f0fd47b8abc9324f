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
  for (const address of ['/', '/blog', `/blog/${post}`, '/legal/terms']) {
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
  // The last section is hydrated too: its form refuses fields of spaces in the page (a toast), where
  // the server's HTML alone would post them.
  const form = page.locator('#contact form')
  await form.getByLabel('Name').fill('   ')
  await form.getByLabel('Email').fill('ada@example.com')
  await form.getByLabel('Message').fill('   ')
  await form.getByRole('button', { name: 'Launch Your Quest' }).click()
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText(
    'Please fill in all required fields.',
  )
  expect(posts.filter((p) => p === '/' || p === '/api/contact')).toEqual([])
})
