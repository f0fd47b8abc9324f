import { eq, max } from 'drizzle-orm'
import { signedBy } from '#common/blog-rules.ts'
import { authorPath } from '#common/contract/profile.ts'
import { markdownToText, renderMarkdown } from '#common/markdown.ts'
import { absoluteUrl, postPath } from '#common/seo.ts'
import type { SiteConfig } from '#common/site.ts'
import { categoryLabel } from '#common/text-rules.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import { authorPosts, authorsOf, findAuthor, publishedAuthors } from '#server/services/authors.ts'
import { latestPublished } from '#server/services/blog-pages.ts'
import { newestFirst } from '#server/services/posts.ts'

/** Posts in the RSS feed: the newest, with their full content. */
export const RSS_ITEMS_MAX = 50
/** docs/product.md §2: the legal pages were last updated on 29 May 2024. */
const LEGAL_UPDATED = '2024-05-29'

/** Escapes text for XML element content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  )
}

/** Characters XML 1.0 does not allow at all (controls other than tab, LF, CR; lone surrogates). */
function xmlSafe(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu, '')
}

/**
 * Plain text for an element whose content feed readers treat as HTML (RSS 2.0 `description`):
 * escaped for HTML, then for XML, so `<img onerror=…>` in an excerpt arrives as visible text.
 */
function htmlText(text: string): string {
  return xmlEscape(xmlEscape(xmlSafe(text)))
}

/** A CDATA section holding any text: a `]]>` inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${xmlSafe(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`
}

/** sitemap.xml: the static public pages and every published post with its last change. */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst)
  const [latest] = await db
    .select({ at: max(blogPosts.updatedAt) })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
  const latestAt = latest?.at ? new Date(latest.at).toISOString() : null
  const urls: { loc: string; lastmod: string | null; changefreq?: string; priority?: string }[] = [
    { loc: absoluteUrl(publicUrl, '/'), lastmod: latestAt, changefreq: 'weekly', priority: '1.0' },
    { loc: absoluteUrl(publicUrl, '/blog'), lastmod: latestAt, changefreq: 'daily', priority: '0.9' },
    { loc: absoluteUrl(publicUrl, '/legal/terms'), lastmod: LEGAL_UPDATED, changefreq: 'yearly', priority: '0.3' },
    { loc: absoluteUrl(publicUrl, '/legal/privacy'), lastmod: LEGAL_UPDATED, changefreq: 'yearly', priority: '0.3' },
    ...rows.map((r) => ({
      loc: absoluteUrl(publicUrl, postPath(r.slug)),
      lastmod: r.updatedAt.toISOString(),
      priority: '0.7',
    })),
    // Issue 28: the pages of authors with published posts (one with none yet is not worth a crawl).
    ...(await publishedAuthors(db)).map((a) => ({
      loc: absoluteUrl(publicUrl, authorPath(a.slug)),
      lastmod: a.lastmod.toISOString(),
      priority: '0.5',
    })),
  ]
  const body = urls
    .map(
      (u) =>
        `  <url>\n    <loc>${xmlEscape(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${u.lastmod}</lastmod>\n` : ''}${
          u.changefreq ? `    <changefreq>${u.changefreq}</changefreq>\n` : ''
        }${u.priority ? `    <priority>${u.priority}</priority>\n` : ''}  </url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

/** Makes the site-relative addresses of rendered HTML absolute, as feed readers need. */
function absolutize(html: string, publicUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, (_m, attr: string) => `${attr}="${publicUrl.replace(/\/+$/, '')}/`)
}

/** rss.xml: RSS 2.0 with the full rendered content of the newest published posts. */
export async function buildRss(db: Db, publicUrl: string, site: SiteConfig): Promise<string> {
  const rows = await latestPublished(db, RSS_ITEMS_MAX)
  return rssDocument(db, rows, publicUrl, site, {
    title: `${site.brandName} Blog`,
    link: '/blog',
    self: '/rss.xml',
    description: `Industry News and Articles from ${site.brandName}: ${site.tagline}`,
  })
}

/** Issue 28: /blog/author/{slug}/rss.xml, the author's newest published posts; null for no such author. */
export async function buildAuthorRss(
  db: Db,
  slug: string,
  publicUrl: string,
  site: SiteConfig,
): Promise<string | null> {
  const author = await findAuthor(db, slug)
  if (!author) return null
  const { rows } = await authorPosts(db, author.id, 1, RSS_ITEMS_MAX)
  const path = authorPath(author.slug)
  return rssDocument(db, rows, publicUrl, site, {
    title: `${author.name} | ${site.brandName} Blog`,
    link: path,
    self: `${path}/rss.xml`,
    description: author.bio ?? `Articles by ${author.name} on the ${site.brandName} blog`,
  })
}

type FeedRow = Awaited<ReturnType<typeof latestPublished>>[number]

async function rssDocument(
  db: Db,
  rows: FeedRow[],
  publicUrl: string,
  site: SiteConfig,
  channel: { title: string; link: string; self: string; description: string },
): Promise<string> {
  const authors = await authorsOf(
    db,
    rows.map((r) => r.id),
  )
  const channelUrl = absoluteUrl(publicUrl, channel.link)
  const lastBuild = rows.reduce<Date | null>((acc, r) => (!acc || r.updatedAt > acc ? r.updatedAt : acc), null)
  const items = rows.map((r) => {
    const link = absoluteUrl(publicUrl, postPath(r.slug))
    const description = r.excerpt?.trim() || markdownToText(r.content).slice(0, 300)
    const html = absolutize(renderMarkdown(r.content, { embeds: 'link' }), publicUrl)
    const published = r.publishedAt ?? r.updatedAt
    return [
      '    <item>',
      `      <title>${xmlEscape(xmlSafe(r.title))}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${published.toUTCString()}</pubDate>`,
      `      <dc:creator>${xmlEscape(xmlSafe(signedBy(r.author, authors.get(r.id), site.teamName)))}</dc:creator>`,
      ...(r.category ? [`      <category>${xmlEscape(xmlSafe(categoryLabel(r.category)))}</category>`] : []),
      ...r.tags.filter((t) => t.trim()).map((t) => `      <category>${xmlEscape(xmlSafe(t))}</category>`),
      `      <description>${htmlText(description)}</description>`,
      `      <content:encoded>${cdata(html)}</content:encoded>`,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlEscape(xmlSafe(channel.title))}</title>`,
    `    <link>${xmlEscape(channelUrl)}</link>`,
    `    <atom:link href="${xmlEscape(absoluteUrl(publicUrl, channel.self))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlEscape(xmlSafe(channel.description))}</description>`,
    '    <language>en</language>',
    ...(lastBuild ? [`    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    '    <image>',
    `      <url>${xmlEscape(absoluteUrl(publicUrl, '/brand/logo.png'))}</url>`,
    `      <title>${xmlEscape(xmlSafe(channel.title))}</title>`,
    `      <link>${xmlEscape(channelUrl)}</link>`,
    '    </image>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** robots.txt: everything public may be crawled; the admin area and the API may not. */
export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
