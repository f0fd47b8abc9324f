import { expect, test } from '#tests/e2e/fixtures.ts'

test('the home page loads, hydrates and asks no external host for anything', async ({ page, baseURL }) => {
  const foreign: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL as string).origin)
      foreign.push(r.url())
  })
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/VidQuest/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // React Router marks the document once the client has hydrated it.
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined,
  )
  expect(foreign).toEqual([])
})

test('an unknown path answers 404', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})
