import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures.ts'

const TERMS_SECTIONS = [
  'Overview',
  'Fees and Billing',
  'Beta Versions',
  'Ownership of the Services',
  'Technical Support',
  'Registration',
  'Account Content and Use',
  'Third-Party Applications',
  'Right to Shut Down or Limit Access',
  'No Warranty',
  'Confidentiality and Privacy',
  'Miscellaneous',
  'Liabilities and Indemnities',
]

const PRIVACY_SECTIONS = [
  'Introduction',
  'Information Collected',
  'Use of Information',
  'Sharing with Third Parties',
  'Sub-processors',
  'Legal Disclosures',
  'Security',
  'EU/EEA Residents',
  'Data Processing Agreement',
  'Retention',
  'Privacy Controls',
  'Data Protection Officer',
  'Business Transfers',
  'Changes to This Policy',
  'Acceptance',
  'Contact',
]

const numbered = (titles: string[]) => titles.map((title, i) => `${i + 1}. ${title}`)

const ADDRESSES = [
  { path: '/legal/terms', title: 'Terms of Use', canonical: '/legal/terms', sections: TERMS_SECTIONS },
  { path: '/terms', title: 'Terms of Use', canonical: '/legal/terms', sections: TERMS_SECTIONS },
  { path: '/user-terms', title: 'Terms of Use', canonical: '/legal/terms', sections: TERMS_SECTIONS },
  { path: '/legal/privacy', title: 'Privacy Policy', canonical: '/legal/privacy', sections: PRIVACY_SECTIONS },
  { path: '/privacy', title: 'Privacy Policy', canonical: '/legal/privacy', sections: PRIVACY_SECTIONS },
]

for (const address of ADDRESSES) {
  test(`${address.path} answers 200 with the ${address.title}, its ${address.sections.length} numbered sections in order, the update date and the copyright`, async ({
    page,
  }) => {
    const response = await page.goto(address.path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`${address.title} | VidQuest`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(address.title)
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(numbered(address.sections))
    await expect(page.getByText('Last updated 29 May 2024', { exact: true })).toBeVisible()
    await expect(page.locator('time')).toHaveAttribute('datetime', '2024-05-29')
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${new Date().getUTCFullYear()} VidQuest Ltd. All rights reserved.`,
    )
  })

  test(`${address.path} names ${address.canonical} as its canonical address, has a link-preview image and may be indexed`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(address.path)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${address.canonical}`)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${address.canonical}`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow')
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    // Link previews ignore a relative image: the address must be absolute and answer with an image.
    const image = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(image).toMatch(new RegExp(`^${baseURL}/assets/og-image-.+\\.jpg$`))
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image as string)
    const res = await page.request.get(image as string)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/jpeg')
  })
}

test('the privacy policy says it is for application customers', async ({ page }) => {
  await page.goto('/legal/privacy')
  await expect(page.getByText('For application customers', { exact: true })).toBeVisible()
})

test('the table of contents lists every section and its links jump to the section', async ({ page }) => {
  await page.goto('/legal/terms')
  const toc = page.getByRole('navigation', { name: 'Table of contents' })
  await expect(toc.getByRole('link')).toHaveText(numbered(TERMS_SECTIONS))

  const link = toc.getByRole('link', { name: '11. Confidentiality and Privacy' })
  await link.click()
  await expect(page).toHaveURL(/\/legal\/terms#confidentiality-and-privacy$/)
  await expect(page.getByRole('heading', { name: '11. Confidentiality and Privacy', exact: true })).toBeInViewport()
  await expect(link).toHaveAttribute('aria-current', 'location')

  await page.goto('/legal/privacy')
  await page.getByRole('navigation', { name: 'Table of contents' }).getByRole('link', { name: '16. Contact' }).click()
  await expect(page).toHaveURL(/\/legal\/privacy#contact$/)
  await expect(page.getByRole('heading', { name: '16. Contact', exact: true })).toBeInViewport()
})

test('a privacy address with a section anchor opens scrolled to that section', async ({ page }) => {
  await page.goto('/privacy#retention')
  await expect(page.getByRole('heading', { name: '10. Retention', exact: true })).toBeInViewport()
})

// Issue 11 §8: the header is the site's one header, so the back-to-home link sits at the top of the page.
test('the back-to-home link at the top of the page leads to the home page', async ({ page, baseURL }) => {
  await page.goto('/terms')
  const back = page.getByRole('main').getByRole('link', { name: 'Back to home' })
  await expect(back).toHaveAttribute('href', '/')
  await back.click()
  await expect(page).toHaveURL(`${baseURL}/`)
})

test('the page and its footer link the two legal documents and the contact address', async ({ page }) => {
  await page.goto('/legal/terms')
  const header = page.getByRole('navigation', { name: 'Legal' })
  await expect(header.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('aria-current', 'page')
  await header.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/legal\/privacy$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')

  const footer = page.getByRole('navigation', { name: 'Footer' })
  await expect(footer.getByRole('link', { name: 'hello@vidquest.io' })).toHaveAttribute(
    'href',
    'mailto:hello@vidquest.io',
  )
  await expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
  await footer.getByRole('link', { name: 'Terms of Use' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use')
})

test('the terms state the renewal, refund, conduct, support, suspension, liability and governing-law rules', async ({
  page,
}) => {
  await page.goto('/legal/terms')
  const section = (title: string) => page.getByRole('region', { name: title })
  await expect(section('2. Fees and Billing')).toContainText('renews automatically')
  await expect(section('2. Fees and Billing')).toContainText('on its anniversary date')
  await expect(section('2. Fees and Billing')).toContainText(
    'We do not provide refunds or credits for partial-month membership periods',
  )
  await expect(section('5. Technical Support')).toContainText('by e-mail')
  await expect(section('5. Technical Support')).toContainText('Monday to Friday, 9 AM to 6 PM CET')
  await expect(section('6. Registration')).toContainText('access type')
  const conduct = section('7. Account Content and Use')
  for (const rule of [
    'without a real prize',
    'refer other people',
    'donations',
    'fake giveaways',
    'multiple or false contestant accounts',
    'automated Entries',
    "extend a Competition's end date",
    'copyright',
    'whose account we have banned',
    'reverse engineer',
    'permanent ban',
    'live giveaways may be interrupted',
  ]) {
    await expect(conduct).toContainText(rule)
  }
  await expect(section('9. Right to Shut Down or Limit Access')).toContainText('non-payment')
  await expect(section('9. Right to Shut Down or Limit Access')).toContainText('for up to 10 years')
  await expect(section('12. Miscellaneous')).toContainText('governed by the laws of the United Kingdom')
  await expect(section('13. Liabilities and Indemnities')).toContainText(
    'is limited to the total fees you have paid to us',
  )
  await expect(section('1. Overview')).toContainText('VidQuest Ltd')
  for (const term of ['Customer', 'Competition Owner', 'Campaign User', 'Competition', 'Entries', 'Winners']) {
    await expect(section('1. Overview').getByRole('term').filter({ hasText: term }).first()).toBeVisible()
  }
})

test('the privacy policy states the controller, cookie lifetime, sub-processors, rights, agreement and contact', async ({
  page,
}) => {
  await page.goto('/legal/privacy')
  const section = (title: string) => page.getByRole('region', { name: title })
  await expect(section('1. Introduction')).toContainText('VidQuest Ltd is the controller')
  await expect(section('2. Information Collected')).toContainText(
    'Cookies set by the application expire after 12 months',
  )
  for (const fn of ['Cloud hosting and storage', 'E-mail delivery', 'Analytics']) {
    await expect(section('5. Sub-processors')).toContainText(fn)
  }
  await expect(section('8. EU/EEA Residents')).toContainText('Portability')
  await expect(section('9. Data Processing Agreement')).toContainText('processor')
  await expect(section('10. Retention')).toContainText('up to 10 years')
  const contact = section('16. Contact').getByRole('link', { name: 'hello@vidquest.io' })
  await expect(contact).toHaveAttribute('href', 'mailto:hello@vidquest.io')
})

test('printing hides the navigation and keeps the document text', async ({ page }) => {
  await page.goto('/legal/privacy')
  const navigation = [
    page.getByRole('navigation', { name: 'Table of contents', includeHidden: true }),
    page.getByRole('navigation', { name: 'Legal', includeHidden: true }),
    page.getByRole('navigation', { name: 'Footer', includeHidden: true }),
    page.getByRole('button', { name: 'Print this page', includeHidden: true }),
  ]
  for (const nav of navigation) await expect(nav).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  for (const nav of navigation) await expect(nav).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: '16. Contact', exact: true })).toBeVisible()
  await expect(page.getByText('Last updated 29 May 2024', { exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getUTCFullYear()} VidQuest Ltd.`)

  await page.emulateMedia({ media: 'screen' })
  for (const nav of navigation) await expect(nav).toBeVisible()
})

test('the terms of use have no accessibility violations', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/legal/terms')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoA11yViolations()
})

test('the privacy policy has no accessibility violations', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/legal/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoA11yViolations()
})

/** How many lines each contents number takes ('10.' broke after '10' at 390 px, issue 27 §14). */
async function tocNumberLines(page: Page) {
  const toc = page.getByRole('navigation', { name: 'Table of contents' })
  return toc.getByRole('link').evaluateAll((links) =>
    links.map((link) => {
      const number = link.firstElementChild as HTMLElement
      const range = document.createRange()
      range.selectNodeContents(number)
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
      return `${number.textContent} ${tops.size}`
    }),
  )
}

for (const width of [390, 1440]) {
  test(`at ${width} px every number of the contents stays on one line with its period`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    for (const path of ['/legal/terms', '/legal/privacy']) {
      await page.goto(path)
      const lines = await tocNumberLines(page)
      expect(lines.length, path).toBeGreaterThanOrEqual(13)
      expect(lines, path).toEqual(lines.map((_, i) => `${i + 1}. 1`))
    }
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the terms read in one column with the contents first and no accessibility violations', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/user-terms')
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible()
    const toc = page.getByRole('navigation', { name: 'Table of contents' })
    await expect(toc).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await toc.getByRole('link', { name: '13. Liabilities and Indemnities' }).click()
    await expect(page.getByRole('heading', { name: '13. Liabilities and Indemnities', exact: true })).toBeInViewport()
    await expectNoA11yViolations()
  })
})
