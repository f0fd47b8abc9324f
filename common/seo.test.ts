import { describe, expect, test } from 'vitest'
import {
  absoluteUrl,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  faqJsonLd,
  organizationJsonLd,
  pageMeta,
  type SeoPost,
  serializeJsonLd,
  xHandle,
} from '#common/seo.ts'
import { defaultSite } from '#common/site.ts'

const publicUrl = 'https://vidquest.example'
const post: SeoPost = {
  title: 'Rewarded video in practice',
  slug: 'rewarded-video-in-practice',
  description: 'What a video quest does for completion rates.',
  author: 'Priya Desai',
  category: 'Market Trends',
  tags: ['video', 'rewards'],
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  image: 'https://vidquest.example/og/rewarded-video-in-practice',
}

describe('serializeJsonLd', () => {
  test('escapes <, >, & and U+2028/2029 so content cannot close the script tag', () => {
    const text = serializeJsonLd({ headline: '</script><script>alert(1)</script> & <!-- \u2028\u2029' })
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain('\\u003c/script\\u003e')
    // Still JSON with the same value.
    expect(JSON.parse(text)).toEqual({ headline: '</script><script>alert(1)</script> & <!-- \u2028\u2029' })
  })
})

describe('structured data', () => {
  test('BlogPosting carries headline, description, image, dates, author and publisher logo', () => {
    const ld = blogPostingJsonLd(post, defaultSite, publicUrl)
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      image: [post.image],
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: 'Priya Desai' },
      publisher: { '@type': 'Organization', name: 'VidQuest', logo: { url: `${publicUrl}/brand/logo.png` } },
      mainEntityOfPage: { '@id': `${publicUrl}/blog/rewarded-video-in-practice` },
      articleSection: 'Market Trends',
      keywords: 'video, rewards',
    })
  })

  test('the team as author is an Organization, and a long headline is cut to 110 characters', () => {
    const ld = blogPostingJsonLd(
      { ...post, author: defaultSite.teamName, title: 'x'.repeat(200) },
      defaultSite,
      publicUrl,
    )
    expect(ld.author).toMatchObject({ '@type': 'Organization', name: defaultSite.teamName })
    expect((ld.headline as string).length).toBe(110)
  })

  test('Organization lists the social profiles and a customer-service contact point with the e-mail', () => {
    const ld = organizationJsonLd(defaultSite, publicUrl)
    expect(ld.sameAs).toEqual(Object.values(defaultSite.social))
    expect(ld.logo).toMatchObject({ url: `${publicUrl}/brand/logo.png` })
    expect(ld.contactPoint).toEqual([
      expect.objectContaining({
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: defaultSite.contactEmail,
      }),
    ])
  })

  test('BreadcrumbList numbers its items from 1 with absolute addresses', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
      ],
      publicUrl,
    )
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${publicUrl}/blog` },
    ])
  })

  test('FAQPage is built from the questions and answers, and left out without any', () => {
    expect(faqJsonLd([])).toBeNull()
    expect(faqJsonLd([{ question: 'Does it work?', answer: 'Yes.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Does it work?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } }],
    })
  })
})

describe('pageMeta', () => {
  const meta = pageMeta({
    title: 'A post | VidQuest Blog',
    description: 'About a post.',
    path: '/blog/a-post',
    publicUrl,
    site: defaultSite,
    image: { url: '/og/a-post', alt: 'A post', width: 1200, height: 630 },
    type: 'article',
    article: { publishedAt: post.publishedAt, updatedAt: post.updatedAt, section: 'Company', tags: ['x'] },
    noindex: true,
    jsonLd: [{ '@type': 'Thing' }],
  })

  test('has the title, description, canonical and a large-image Twitter card (the RSS link is in the root layout)', () => {
    expect(meta).toContainEqual({ title: 'A post | VidQuest Blog' })
    expect(meta).toContainEqual({ name: 'description', content: 'About a post.' })
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${publicUrl}/blog/a-post` })
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(meta).toContainEqual({ name: 'twitter:site', content: '@vidquest' })
  })

  test('has OpenGraph tags with an absolute image address and its size', () => {
    expect(meta).toContainEqual({ property: 'og:image', content: `${publicUrl}/og/a-post` })
    expect(meta).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' })
    expect(meta).toContainEqual({ property: 'article:published_time', content: post.publishedAt })
  })

  test('marks a draft noindex and carries the JSON-LD blocks', () => {
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } })
  })
})

test('absoluteUrl keeps http(s) addresses and prefixes paths with the public address', () => {
  expect(absoluteUrl(publicUrl, '/a')).toBe(`${publicUrl}/a`)
  expect(absoluteUrl(`${publicUrl}/`, 'a')).toBe(`${publicUrl}/a`)
  expect(absoluteUrl(publicUrl, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
})

test('xHandle reads the handle from an X profile address', () => {
  expect(xHandle('https://x.com/vidquest')).toBe('@vidquest')
  expect(xHandle('https://twitter.com/@brand_1/')).toBe('@brand_1')
  expect(xHandle('https://example.com/vidquest')).toBeNull()
})
