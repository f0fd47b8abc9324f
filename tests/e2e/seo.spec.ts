import type { Page } from '@playwright/test'
import { expect, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

/** What a search engine or a link preview reads from a page's head. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      ogTitle: attr('meta[property="og:title"]', 'content'),
      ogDescription: attr('meta[property="og:description"]', 'content'),
      ogImage: attr('meta[property="og:image"]', 'content'),
      canonicalCount: document.head.querySelectorAll('link[rel="canonical"]').length,
      titleCount: document.head.querySelectorAll('title').length,
    }
  })
}

async function jsonLd(page: Page) {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}') as Record<string, unknown>))
}

test('every public page has its own title, description, canonical address and link-preview tags', async ({
  page,
  baseURL,
  createPost,
}) => {
  const post = await createPost({ slug: uniqueSlug('seo-page'), title: 'A post for the search-engine test' })
  const paths = ['/', '/blog', `/blog/${post.slug}`, '/legal/terms', '/legal/privacy']
  const heads = []
  for (const path of paths) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    const head = await headOf(page)
    expect(head.titleCount, path).toBe(1)
    expect(head.canonicalCount, path).toBe(1)
    expect(head.title, path).not.toBe('')
    expect(head.description, path).toMatch(/.{50,}/)
    expect(head.canonical, path).toBe(`${baseURL}${path}`)
    expect(head.ogTitle, path).toBeTruthy()
    expect(head.ogDescription, path).toBeTruthy()
    expect(head.ogImage, path).toMatch(new RegExp(`^${baseURL}/`))
    const image = await page.request.get(head.ogImage as string)
    expect(image.status(), `${path} og:image`).toBe(200)
    expect(image.headers()['content-type'], `${path} og:image`).toMatch(/^image\//)
    heads.push(head)
  }
  // No two pages share a title or a description.
  expect(new Set(heads.map((h) => h.title)).size).toBe(paths.length)
  expect(new Set(heads.map((h) => h.description)).size).toBe(paths.length)
})

test('a post page carries Article structured data, and FAQPage only when it has question headings', async ({
  page,
  baseURL,
  createPost,
}) => {
  const plain = await createPost({
    slug: uniqueSlug('seo-article'),
    title: 'Structured data for a plain post',
    excerpt: 'What search engines read about this post.',
    content: '## Why rewarded video\n\nBecause viewers choose to watch.',
    author: 'Sam Schema',
  })
  await page.goto(`/blog/${plain.slug}`)
  const blocks = await jsonLd(page)
  const article = blocks.find((b) => b['@type'] === 'BlogPosting' || b['@type'] === 'Article')
  expect(article).toMatchObject({
    headline: plain.title,
    description: 'What search engines read about this post.',
    datePublished: plain.publishedAt,
    author: expect.objectContaining({ name: 'Sam Schema' }),
  })
  expect(JSON.stringify(article?.image)).toContain(baseURL as string)
  expect(article?.publisher).toBeTruthy()
  expect(blocks.map((b) => b['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'Organization']))
  expect(blocks.map((b) => b['@type'])).not.toContain('FAQPage')

  const withFaq = await createPost({
    slug: uniqueSlug('seo-faq'),
    content: [
      '## What it is',
      '',
      'A short intro.',
      '',
      '## Frequently asked questions',
      '',
      '### Do viewers pay anything?',
      '',
      'No, the brand pays for the reward.',
      '',
      '### How long is a quest?',
      '',
      'Usually under a minute.',
    ].join('\n'),
  })
  await page.goto(`/blog/${withFaq.slug}`)
  const faq = (await jsonLd(page)).find((b) => b['@type'] === 'FAQPage')
  expect(faq?.mainEntity).toEqual([
    {
      '@type': 'Question',
      name: 'Do viewers pay anything?',
      acceptedAnswer: { '@type': 'Answer', text: 'No, the brand pays for the reward.' },
    },
    {
      '@type': 'Question',
      name: 'How long is a quest?',
      acceptedAnswer: { '@type': 'Answer', text: 'Usually under a minute.' },
    },
  ])
})

test('sitemap.xml lists the static pages and published posts only', async ({ request, baseURL, createPost }) => {
  const published = await createPost({ slug: uniqueSlug('seo-sitemap') })
  const draft = await createPost({ slug: uniqueSlug('seo-sitemap-draft'), isPublished: false })
  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/xml')
  const xml = await res.text()
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  expect(locs).toEqual(
    expect.arrayContaining(
      ['/', '/blog', '/legal/terms', '/legal/privacy', `/blog/${published.slug}`].map((p) => `${baseURL}${p}`),
    ),
  )
  expect(locs).not.toContain(`${baseURL}/blog/${draft.slug}`)
  expect(xml).not.toContain(draft.slug)
  expect(locs.filter((l) => l?.includes('/admin'))).toEqual([])
})

test('robots.txt disallows the admin area and names the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt')
  expect(res.status()).toBe(200)
  const lines = (await res.text()).split('\n').map((l) => l.trim())
  expect(lines).toContain('User-agent: *')
  expect(lines).toContain('Disallow: /admin')
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
