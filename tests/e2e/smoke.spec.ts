import { expect, hydrated, test } from '#tests/e2e/fixtures.ts'

test('the home page loads, hydrates and asks no external host for anything', async ({ page, foreignRequests }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/VidQuest/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await hydrated(page)
  expect(foreignRequests).toEqual([])
})

test('an unknown path answers 404', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('public pages come from the page cache, compressed, and revalidate with a 304', async ({ request }) => {
  const headers = { 'accept-encoding': 'gzip, deflate, br' }
  await request.get('/legal/terms', { headers })
  const cached = await request.get('/legal/terms', { headers })
  expect(cached.headers()['x-cache']).toBe('HIT')
  expect(cached.headers()['content-encoding']).toBe('br')
  expect(await cached.text()).toContain('Terms of Use')
  const etag = cached.headers().etag as string
  const revalidated = await request.get('/legal/terms', { headers: { ...headers, 'if-none-match': etag } })
  expect(revalidated.status()).toBe(304)

  // Scripts are fingerprinted, compressed at build time and cached for a year.
  const html = await cached.text()
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|<link[^>]+href="(\/assets\/[^"]+\.js)"/.exec(html)
  const src = (script?.[1] ?? script?.[2]) as string
  expect(src).toBeTruthy()
  const asset = await request.get(src, { headers })
  expect(asset.headers()['content-encoding']).toBe('br')
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})
