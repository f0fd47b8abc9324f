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
