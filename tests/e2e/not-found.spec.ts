import { expect, hydrated, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

const MESSAGE = /get you back to building video quests/

test('an unknown path answers 404 and shows the not-found page with its links', async ({ page }) => {
  const response = await page.goto(`/${uniqueSlug('missing')}`)
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page Not Found | VidQuest')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText(MESSAGE)).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
  await expect(main.getByRole('link', { name: 'Browse Articles' })).toHaveAttribute('href', '/blog')
  await expect(main.getByRole('link', { name: 'hello@vidquest.io' })).toHaveAttribute(
    'href',
    'mailto:hello@vidquest.io',
  )
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('a deep unknown path under a real section also answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto(`/legal/terms/${uniqueSlug('extra')}/more`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
})

test('the not-found page is rendered on the server, before any script runs', async ({ request }) => {
  const response = await request.get(`/${uniqueSlug('no-js')}`)
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('text/html')
  const html = await response.text()
  expect(html).toContain('Page Not Found')
  expect(html).toContain('Return Home')
  expect(html).toContain('Browse Articles')
  expect(html).toContain('href="mailto:hello@vidquest.io"')
})

test('Return Home takes the visitor to the home page', async ({ page, baseURL }) => {
  await page.goto(`/${uniqueSlug('lost')}`)
  await page.getByRole('link', { name: 'Return Home' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
})

test('Browse Articles takes the visitor to the blog', async ({ page, baseURL }) => {
  await page.goto(`/${uniqueSlug('lost')}`)
  await page.getByRole('link', { name: 'Browse Articles' }).click()
  await expect(page).toHaveURL(`${baseURL}/blog`)
})

test('the brand link in the header of the not-found page leads home', async ({ page, baseURL }) => {
  await page.goto(`/${uniqueSlug('lost')}`)
  await page.getByRole('banner').getByRole('link', { name: 'VidQuest home' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
})

test('the not-found page has no accessibility violations', async ({ page, expectNoA11yViolations }) => {
  await page.goto(`/${uniqueSlug('a11y')}`)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expectNoA11yViolations()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the not-found page fits the screen and has no accessibility violations', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const response = await page.goto(`/${uniqueSlug('phone')}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Browse Articles' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoA11yViolations()
  })
})

test('when a page cannot load its data the visitor sees Something went wrong, can try again and go home', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const lost = uniqueSlug('lost')
  await page.goto(`/${lost}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Return Home' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)

  // Going back asks the server for the not-found page's data again: make that request fail.
  await page.route(`**/${lost}.data*`, (route) => route.fulfill({ status: 500, body: 'unavailable' }))
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong')
  await expect(page).toHaveTitle('Something went wrong | VidQuest')
  await expect(page.getByText('unavailable')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/')
  // Issue 11 §8: the site's footer also links the address, so look for it in the page itself.
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@vidquest.io' })).toHaveAttribute(
    'href',
    'mailto:hello@vidquest.io',
  )
  // The failed data request is the one console error this test provokes on purpose.
  expect(consoleErrors).toEqual([expect.stringContaining('status of 500')])
  consoleErrors.length = 0

  await page.unroute(`**/${lost}.data*`)
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
})
