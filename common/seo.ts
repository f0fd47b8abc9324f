import type { SiteConfig } from '#common/site.ts'

/**
 * Pure builders for what search engines and link previews read: JSON-LD blocks (schema.org) and
 * the meta/link tags of a page. The page loaders call them on the server and hand the result to
 * the route's `meta()`, so none of this code is sent to the browser.
 */

export type JsonLd = Record<string, unknown>

/** One `meta()` entry, shaped like React Router's MetaDescriptor (kept structural: common/ stays pure). */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string; type?: string; title?: string }
  | { 'script:ld+json': JsonLd }

export const OG_IMAGE_WIDTH = 1200
export const OG_IMAGE_HEIGHT = 630
/** The square brand logo served by server/api/seo.ts. */
export const LOGO_PATH = '/brand/logo.png'
export const RSS_PATH = '/rss.xml'
/** The branded link-preview image of the blog list (a post has its own, /og/<slug>). */
export const BLOG_OG_IMAGE_PATH = '/brand/og.png'
/** Google shows at most 110 characters of a headline. */
const HEADLINE_MAX = 110

const JSON_LD_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/**
 * JSON for a `<script type="application/ld+json">` body. `<`, `>` and `&` become \u escapes, so no
 * content can write `</script>` or `<!--` and leave the script; U+2028/2029 are escaped for old
 * JavaScript parsers. The result is still valid JSON with the same value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_LD_ESCAPES[c] as string)
}

/** An absolute address on this site for a path, or an http(s) URL kept as it is. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  const base = publicUrl.replace(/\/+$/, '')
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** '@vidquest' from 'https://x.com/vidquest'; null when the address has no handle. */
export function xHandle(profileUrl: string): string | null {
  const match = /^https?:\/\/(?:www\.)?(?:x|twitter)\.com\/@?([A-Za-z0-9_]{1,15})\/?$/.exec(profileUrl.trim())
  return match ? `@${match[1]}` : null
}

export function organizationId(publicUrl: string) {
  return `${absoluteUrl(publicUrl, '/')}#organization`
}

/** Organization: logo, social profiles (sameAs) and a customer-service contact point. */
export function organizationJsonLd(site: SiteConfig, publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(publicUrl),
    name: site.brandName,
    legalName: site.legalName,
    url: absoluteUrl(publicUrl, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, LOGO_PATH), width: 512, height: 512 },
    description: site.tagline,
    email: site.contactEmail,
    sameAs: Object.values(site.social).filter((u) => /^https?:\/\//i.test(u)),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: site.contactEmail,
        availableLanguage: ['English'],
        // docs/product.md §9: support by e-mail, Monday to Friday, 9 AM to 6 PM CET.
        hoursAvailable: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '18:00',
        },
      },
    ],
  }
}

export interface Crumb {
  name: string
  path: string
}

export function breadcrumbJsonLd(crumbs: Crumb[], publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(publicUrl, c.path),
    })),
  }
}

/** The fields of a post the structured data needs. */
export interface SeoPost {
  title: string
  slug: string
  description: string
  author: string
  category: string | null
  tags: string[]
  publishedAt: string | null
  updatedAt: string
  /** Absolute image address (the featured image or the generated one). */
  image: string
  wordCount?: number
  /** Issue 28: the staff authors with their pages (site paths); the free-text `author` when none. */
  authors?: readonly { name: string; path: string | null }[]
}

function headline(title: string) {
  return title.length <= HEADLINE_MAX ? title : `${title.slice(0, HEADLINE_MAX - 1).trimEnd()}…`
}

export function postPath(slug: string) {
  return `/blog/${encodeURIComponent(slug)}`
}

/** Issue 28: the one @id of a person, their author page's address with #person. */
export function personId(path: string, publicUrl: string) {
  return `${absoluteUrl(publicUrl, path)}#person`
}

/** An Article's author: a reference to the Person their author page describes. */
function personRef(author: { name: string; path: string }, publicUrl: string): JsonLd {
  return {
    '@type': 'Person',
    '@id': personId(author.path, publicUrl),
    name: author.name,
    url: absoluteUrl(publicUrl, author.path),
  }
}

/** Issue 28: the Person of an author page (name, bio, picture), the node each Article.author names. */
export function personJsonLd(
  person: { name: string; path: string; bio: string | null; image: string | null },
  site: SiteConfig,
  publicUrl: string,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...personRef(person, publicUrl),
    ...(person.bio ? { description: person.bio } : {}),
    ...(person.image ? { image: absoluteUrl(publicUrl, person.image) } : {}),
    worksFor: { '@type': 'Organization', '@id': organizationId(publicUrl), name: site.brandName },
  }
}

export function blogPostingJsonLd(post: SeoPost, site: SiteConfig, publicUrl: string): JsonLd {
  const url = absoluteUrl(publicUrl, postPath(post.slug))
  const isTeam = post.author === site.teamName
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: headline(post.title),
    name: post.title,
    description: post.description,
    image: [post.image],
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.publishedAt ?? post.updatedAt,
    dateModified: post.updatedAt,
    author:
      post.authors && post.authors.length > 0
        ? post.authors.map((a) =>
            a.path ? personRef({ name: a.name, path: a.path }, publicUrl) : { '@type': 'Person', name: a.name },
          )
        : isTeam
          ? { '@type': 'Organization', name: post.author, url: absoluteUrl(publicUrl, '/') }
          : { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      '@id': organizationId(publicUrl),
      name: site.brandName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, LOGO_PATH), width: 512, height: 512 },
    },
    inLanguage: 'en',
    ...(post.category ? { articleSection: post.category } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    ...(post.wordCount ? { wordCount: post.wordCount } : {}),
  }
}

/** FAQPage from the post's visible FAQ; null when it has none (the block is then left out). */
export function faqJsonLd(faq: readonly { question: string; answer: string }[]): JsonLd | null {
  if (faq.length === 0) return null
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

export interface SeoListPost {
  title: string
  slug: string
  publishedAt: string | null
}

export function blogJsonLd(
  posts: readonly SeoListPost[],
  site: SiteConfig,
  publicUrl: string,
  { path, description }: { path: string; description: string },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    '@id': `${absoluteUrl(publicUrl, '/blog')}#blog`,
    name: `${site.brandName} Blog`,
    description,
    url: absoluteUrl(publicUrl, path),
    inLanguage: 'en',
    publisher: { '@id': organizationId(publicUrl) },
    blogPost: posts.map((p) => ({
      '@type': 'BlogPosting',
      headline: headline(p.title),
      url: absoluteUrl(publicUrl, postPath(p.slug)),
      ...(p.publishedAt ? { datePublished: p.publishedAt } : {}),
    })),
  }
}

export interface PageMetaInput {
  title: string
  description: string
  /** Path of the canonical address (with its query, if any). */
  path: string
  publicUrl: string
  site: SiteConfig
  image: { url: string; alt: string; width?: number; height?: number }
  type: 'website' | 'article'
  article?: { publishedAt: string | null; updatedAt: string; section: string | null; tags: string[] }
  noindex?: boolean
  prev?: string | null
  next?: string | null
  jsonLd?: JsonLd[]
}

/** Title, description, canonical, OpenGraph, Twitter card, RSS link, prev/next and JSON-LD. */
export function pageMeta(input: PageMetaInput): MetaTag[] {
  const { publicUrl, site } = input
  const canonical = absoluteUrl(publicUrl, input.path)
  const image = absoluteUrl(publicUrl, input.image.url)
  const handle = xHandle(site.social.x)
  const tags: MetaTag[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    // The RSS <link rel=alternate> is in the root layout, on every page.
    { property: 'og:site_name', content: site.brandName },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:type', content: input.type },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: input.image.alt },
    ...(input.image.width && input.image.height
      ? [
          { property: 'og:image:width', content: String(input.image.width) },
          { property: 'og:image:height', content: String(input.image.height) },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(handle ? [{ name: 'twitter:site', content: handle }] : []),
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: input.image.alt },
  ]
  if (input.article) {
    const a = input.article
    if (a.publishedAt) tags.push({ property: 'article:published_time', content: a.publishedAt })
    tags.push({ property: 'article:modified_time', content: a.updatedAt })
    if (a.section) tags.push({ property: 'article:section', content: a.section })
    for (const tag of a.tags) tags.push({ property: 'article:tag', content: tag })
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' })
  if (input.prev) tags.push({ tagName: 'link', rel: 'prev', href: absoluteUrl(publicUrl, input.prev) })
  if (input.next) tags.push({ tagName: 'link', rel: 'next', href: absoluteUrl(publicUrl, input.next) })
  for (const block of input.jsonLd ?? []) tags.push({ 'script:ld+json': block })
  return tags
}
