import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageContext } from '#app/lib/context.ts'
import { loader as listLoader } from '#app/routes/blog/list.server.ts'
import { loader as postLoader } from '#app/routes/blog/post.server.ts'
import { serializeJsonLd } from '#common/seo.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

let t: TestApp
let cookie: string
const publicUrl = 'https://vidquest.example'

beforeAll(async () => {
  t = await createTestApp({ publicUrl })
  cookie = await t.adminCookie()
})
afterAll(() => t.close())

async function create(body: Record<string, unknown>) {
  const res = await t.app.request('/api/blog', json('POST', validPost(body), cookie))
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { post: { slug: string; updatedAt: string } }).post
}

describe('GET /robots.txt', () => {
  test('names the sitemap and disallows the admin area and the API', async () => {
    const res = await t.app.request('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await res.text()
    expect(text).toContain('User-agent: *')
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain('Disallow: /api')
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
  })
})

describe('GET /sitemap.xml', () => {
  test('lists the static pages and published posts with lastmod, never drafts', async () => {
    const published = await create({ slug: 'sitemap-published' })
    await create({ slug: 'sitemap-draft', isPublished: false })
    const res = await t.app.request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    for (const path of ['/', '/blog', '/legal/terms', '/legal/privacy']) {
      expect(xml).toContain(`<loc>${publicUrl}${path}</loc>`)
    }
    expect(xml).toContain(
      `<loc>${publicUrl}/blog/sitemap-published</loc>\n    <lastmod>${published.updatedAt}</lastmod>`,
    )
    expect(xml).not.toContain('sitemap-draft')
    expect(xml).not.toContain('/admin')
  })
})

describe('GET /rss.xml', () => {
  test('is RSS 2.0 with the full rendered content of published posts only', async () => {
    await create({
      slug: 'rss-full-content',
      title: 'Feeds & <Friends>',
      excerpt: 'An excerpt with a tricky ]]> sequence.',
      content: '## Heading in feed\n\nBody with **bold** and a [link](/blog).',
    })
    await create({ slug: 'rss-draft', isPublished: false })
    const res = await t.app.request('/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toContain('<rss version="2.0"')
    expect(xml).toContain(`<atom:link href="${publicUrl}/rss.xml" rel="self" type="application/rss+xml"/>`)
    // The title is escaped, never raw markup.
    expect(xml).toContain('<title>Feeds &amp; &lt;Friends&gt;</title>')
    expect(xml).not.toContain('<Friends>')
    expect(xml).toContain(`<link>${publicUrl}/blog/rss-full-content</link>`)
    // Full content as HTML in CDATA, links made absolute, and a literal "]]>" cannot end the section early.
    expect(xml).toContain('<h2>Heading in feed</h2>')
    expect(xml).toContain(`<a href="${publicUrl}/blog" target="_blank" rel="noopener noreferrer">link</a>`)
    expect(xml).toContain('<description>An excerpt with a tricky ]]&amp;gt; sequence.</description>')
    expect(xml).not.toContain('rss-draft')
  })

  test('excerpt, author and title are text: markup in them reaches a feed reader as visible characters, never as HTML', async () => {
    const attack = '<img src=x onerror=alert(1)>'
    await create({
      slug: 'rss-text-fields',
      title: `Title ${attack}`,
      excerpt: `Excerpt ${attack}`,
      author: `Eve ${attack}`,
    })
    const xml = await (await t.app.request('/rss.xml')).text()
    const item = xml.slice(
      xml.indexOf('<item>', xml.indexOf('rss-text-fields') - 400),
      xml.indexOf('</item>', xml.indexOf('rss-text-fields')),
    )
    expect(item).toContain('rss-text-fields')
    // No markup inside CDATA anywhere but content:encoded (sanitized HTML by design).
    const rawMarkup = item.replace(/<content:encoded>[\s\S]*?<\/content:encoded>/, '')
    expect(rawMarkup).not.toContain('<img')
    expect(rawMarkup).not.toContain('CDATA')
    const field = (tag: string) => xmlText(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(item)?.[1] ?? '')
    // description is HTML (RSS 2.0): the text must arrive HTML-escaped inside the XML text.
    expect(field('description')).toBe('Excerpt &lt;img src=x onerror=alert(1)&gt;')
    expect(field('title')).toBe(`Title ${attack}`)
    expect(field('dc:creator')).toBe(`Eve ${attack}`)
  })
})

describe('embeds in feeds and descriptions (issue 32)', () => {
  const video = 'https://youtu.be/dQw4w9WgXcQ'
  const post = 'https://x.com/jack/status/20'

  test('a feed shows a YouTube or X card as the plain link the writer wrote, with no button', async () => {
    await create({ slug: 'rss-embeds', excerpt: '', content: `Intro words.\n\n${video}\n\n${post}` })
    const xml = await (await t.app.request('/rss.xml')).text()
    const item = xml.slice(
      xml.indexOf('<item>', xml.indexOf('rss-embeds') - 400),
      xml.indexOf('</item>', xml.indexOf('rss-embeds')),
    )
    expect(item).toContain(`<p><a href="${video}" target="_blank" rel="noopener noreferrer">${video}</a></p>`)
    expect(item).toContain(`<p><a href="${post}" target="_blank" rel="noopener noreferrer">${post}</a></p>`)
    expect(item).not.toMatch(/md-embed|<button|Watch on YouTube|Post by @/)
    expect(item).toContain(`<description>Intro words. ${video} ${post}</description>`)
  })

  test("a post's meta and Open Graph descriptions read the addresses, never the cards' button text", async () => {
    await create({ slug: 'og-embeds', excerpt: '', content: `${video}\n\nWords after the video.` })
    const result = (await postLoader(loaderArgs(`${publicUrl}/blog/og-embeds`, { slug: 'og-embeds' }))) as {
      meta: MetaList
    }
    const descriptions = result.meta.filter((m) => m.name === 'description' || m.property === 'og:description')
    expect(descriptions.length).toBeGreaterThanOrEqual(2)
    for (const m of descriptions) expect(m.content).toBe(`${video} Words after the video.`)
  })
})

/** An XML element's text, as a feed reader's XML parser hands it over. */
const xmlText = (raw: string) =>
  raw.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_m, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] as string,
  )

describe('GET /og/:slug', () => {
  test('answers a 1200×630 PNG for a published post, cacheable, with an ETag', async () => {
    await create({ slug: 'og-image-post', title: 'A title set in type' })
    const res = await t.app.request('/og/og-image-post')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toContain('max-age=')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])

    const again = await t.app.request('/og/og-image-post', { headers: { 'if-none-match': etag as string } })
    expect(again.status).toBe(304)
  })

  test('answers 404 for a draft or an unknown slug', async () => {
    await create({ slug: 'og-draft', isPublished: false })
    expect((await t.app.request('/og/og-draft')).status).toBe(404)
    expect((await t.app.request('/og/no-such-post')).status).toBe(404)
    expect((await t.app.request('/og/..%2Fetc')).status).toBe(404)
  })

  test('the brand logo and the blog preview image are PNGs', async () => {
    const logo = await sharp(Buffer.from(await (await t.app.request('/brand/logo.png')).arrayBuffer())).metadata()
    expect([logo.width, logo.height]).toEqual([512, 512])
    const og = await sharp(Buffer.from(await (await t.app.request('/brand/og.png')).arrayBuffer())).metadata()
    expect([og.width, og.height]).toEqual([1200, 630])
  })
})

function loaderArgs(url: string, params: Record<string, string>, userId: number | null = null) {
  const context = new RouterContextProvider()
  context.set(pageContext, { services: t.services, userId, clientIp: '127.0.0.1' })
  return { request: new Request(url), params, context } as never
}

type MetaList = { [key: string]: unknown }[]
const jsonLdBlocks = (meta: MetaList) =>
  meta.filter((m) => 'script:ld+json' in m).map((m) => m['script:ld+json'] as Record<string, unknown>)

describe('post page loader', () => {
  test('a title with </script> stays data: the JSON-LD keeps it as text and its serialization cannot close the tag', async () => {
    const title = 'Break </script><script>alert(1)</script> & out'
    await create({ slug: 'jsonld-hostile', title })
    const result = (await postLoader(loaderArgs(`${publicUrl}/blog/jsonld-hostile`, { slug: 'jsonld-hostile' }))) as {
      meta: MetaList
    }
    const blocks = jsonLdBlocks(result.meta)
    expect(blocks.map((b) => b['@type'])).toEqual(['BlogPosting', 'BreadcrumbList', 'Organization'])
    expect(blocks[0]?.headline).toBe(title)
    for (const block of blocks) {
      const text = serializeJsonLd(block)
      expect(text).not.toContain('</script')
      expect(text).not.toMatch(/[<>]/)
      expect(JSON.parse(text)).toEqual(block)
    }
  })

  test('adds FAQPage only for a post with a visible FAQ section', async () => {
    await create({
      slug: 'jsonld-faq',
      content: '## Intro\n\nText.\n\n## Frequently asked questions\n\n### Is it free?\n\nYes, for viewers.',
    })
    const withFaq = (await postLoader(loaderArgs(`${publicUrl}/blog/jsonld-faq`, { slug: 'jsonld-faq' }))) as {
      meta: MetaList
    }
    const faq = jsonLdBlocks(withFaq.meta).find((b) => b['@type'] === 'FAQPage')
    expect(faq?.mainEntity).toEqual([
      { '@type': 'Question', name: 'Is it free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes, for viewers.' } },
    ])
  })

  test('answers 404 with the not-found data for an unknown slug and for a draft seen by a visitor', async () => {
    await create({ slug: 'loader-draft', isPublished: false })
    for (const slug of ['no-such-slug', 'loader-draft']) {
      const result = (await postLoader(loaderArgs(`${publicUrl}/blog/${slug}`, { slug }))) as {
        init: { status: number }
        data: { found: unknown }
      }
      expect(result.init.status).toBe(404)
      expect(result.data.found).toBeNull()
    }
  })

  test('lets a signed-in admin see a draft, marked noindex', async () => {
    const result = (await postLoader(loaderArgs(`${publicUrl}/blog/loader-draft`, { slug: 'loader-draft' }, 1))) as {
      found: { post: { isPublished: boolean } }
      meta: MetaList
    }
    expect(result.found.post.isPublished).toBe(false)
    expect(result.meta).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  test('uses the generated image for link previews when the post has no featured image', async () => {
    const post = await create({ slug: 'og-meta-post', featuredImage: null })
    const result = (await postLoader(loaderArgs(`${publicUrl}/blog/og-meta-post`, { slug: 'og-meta-post' }))) as {
      meta: MetaList
    }
    const ogImage = result.meta.find((m) => m.property === 'og:image')?.content as string
    expect(ogImage).toMatch(new RegExp(`^${publicUrl}/og/og-meta-post\\?v=`))
    expect(result.meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${publicUrl}/blog/${post.slug}` })
  })
})

describe('list page loader', () => {
  test('filters by category, pages past 12 posts and marks prev/next', async () => {
    for (let i = 0; i < 13; i++) {
      await create({ slug: `paged-${i}`, category: 'paging-test' })
    }
    const first = (await listLoader(loaderArgs(`${publicUrl}/blog?category=paging-test`, {}))) as {
      posts: unknown[]
      featured: unknown
      pageCount: number
      meta: MetaList
    }
    expect(first.featured).toBeNull()
    expect(first.posts).toHaveLength(12)
    expect(first.pageCount).toBe(2)
    expect(first.meta).toContainEqual({
      tagName: 'link',
      rel: 'next',
      href: `${publicUrl}/blog?category=paging-test&page=2`,
    })
    const second = (await listLoader(loaderArgs(`${publicUrl}/blog?category=paging-test&page=2`, {}))) as {
      posts: { slug: string }[]
      meta: MetaList
    }
    expect(second.posts.map((p) => p.slug)).toEqual(['paged-0'])
    expect(second.meta).toContainEqual({ tagName: 'link', rel: 'prev', href: `${publicUrl}/blog?category=paging-test` })
    await expect(listLoader(loaderArgs(`${publicUrl}/blog?category=paging-test&page=3`, {}))).rejects.toMatchObject({
      init: { status: 404 },
    })
  })
})
