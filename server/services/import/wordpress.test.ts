import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { htmlToImportMarkdown } from './html.ts'
import { IMPORT_POSTS_MAX, type ImportedPost, ImportFormatError } from './types.ts'
import { parseWordPress } from './wordpress.ts'

const fixture = readFileSync(new URL('../../../tests/fixtures/import/wordpress.xml', import.meta.url), 'utf8')
const site = 'https://fieldnotes.example.com'
const uploads = `${site}/wp-content/uploads`

function post(sourceId: string): ImportedPost {
  const found = parseWordPress(fixture).posts.find((item) => item.sourceId === sourceId)
  if (!found) throw new Error(`no post ${sourceId}`)
  return found
}

/** The fields most posts share, so each test states only what differs. */
const plain = {
  excerpt: null,
  category: null,
  tags: [],
  author: 'Ana Souza',
  featuredImage: null,
  featuredImageAlt: null,
  images: [],
  warnings: [],
}

describe('parseWordPress on a WXR 1.2 export', () => {
  it('reads the site and lists posts and skipped items in file order (attachments are not listed)', () => {
    const parsed = parseWordPress(fixture)
    expect(parsed.format).toBe('wordpress')
    expect(parsed.siteUrl).toBe(site)
    expect(parsed.posts.map((item) => item.sourceId)).toEqual(['12', '30', '40', '50', '60', '70', '80', '90', '95'])
    expect(parsed.skipped).toEqual([
      { sourceId: '2', title: 'About', reason: 'A page, not a post: pages are not imported' },
      { sourceId: '100', title: 'Home', reason: "A 'nav_menu_item', not a post" },
      { sourceId: '110', title: 'Rough notes', reason: 'In the trash' },
    ])
  })

  it('converts a Gutenberg post: heading, list, captioned image, YouTube embed, gallery, featured image', () => {
    expect(post('12')).toEqual({
      sourceId: '12',
      title: 'A week in Lisbon',
      slug: 'a-week-in-lisbon',
      oldPaths: ['/2019/05/a-week-in-lisbon/', '/?p=12'],
      content: [
        `Lisbon in May is **bright** and *loud*. See [who I am](${site}/about/).`,
        '',
        '## Where to eat',
        '',
        '- Time Out Market',
        '- A tasca in Alfama',
        '',
        `![Tram 28 on a hill](${uploads}/2019/05/tram.jpg)`,
        '',
        '*Tram 28, early morning*',
        '',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        '',
        `![Blue tiles](${uploads}/2019/05/tiles.jpg)`,
        `![](${uploads}/2019/05/river.jpg)`,
      ].join('\n'),
      excerpt: 'Seven days of trams, tiles and grilled sardines.',
      category: 'Travel',
      tags: ['Photography', 'Lisbon', 'film'],
      author: 'Ana Souza',
      status: 'published',
      publishedAt: '2019-05-01T10:00:00.000Z',
      featuredImage: `${uploads}/2019/05/harbour.jpg`,
      featuredImageAlt: 'Fishing boats in the harbour at dusk',
      images: [`${uploads}/2019/05/tram.jpg`, `${uploads}/2019/05/tiles.jpg`, `${uploads}/2019/05/river.jpg`],
      warnings: [],
    })
  })

  it('converts a classic post: paragraphs without <p>, [caption], [gallery ids], [embed], unknown shortcodes', () => {
    expect(post('30')).toEqual({
      sourceId: '30',
      title: 'Film cameras I have loved',
      slug: 'film-cameras',
      oldPaths: ['/2018/03/film-cameras/', '/?p=30'],
      content: [
        'My first camera was a Pentax.\\',
        'It still works.',
        '',
        `![A Pentax K1000](${uploads}/2018/03/camera.jpg)`,
        '',
        '*The K1000 on my desk*',
        '',
        'Some of the rolls I shot:',
        '',
        `![](${uploads}/2018/03/rolls.jpg)`,
        '',
        'https://www.youtube.com/watch?v=abc123XYZ_0',
        '',
        '### Where to buy film',
        '',
        'Ask at \\[shop\\_list city="porto"\\], or [online](https://example.org/film).',
      ].join('\n'),
      excerpt: null,
      category: 'Photography',
      tags: ['film'],
      author: 'bob',
      status: 'published',
      // post_date_gmt is 0000-00-00: the local post_date, read as UTC.
      publishedAt: '2018-03-10T09:00:00.000Z',
      featuredImage: null,
      featuredImageAlt: null,
      images: [`${uploads}/2018/03/camera.jpg`, `${uploads}/2018/03/rolls.jpg`],
      warnings: ['Shortcodes kept as text: [shop_list]', 'A gallery image is not in the export'],
    })
  })

  it('keeps a scheduled post scheduled, years ahead; Uncategorized is no category', () => {
    expect(post('40')).toEqual({
      ...plain,
      sourceId: '40',
      title: 'Letters from 2029',
      slug: 'letters-from-2029',
      oldPaths: ['/?p=40'],
      content: 'Written now, read later.',
      status: 'scheduled',
      publishedAt: '2029-01-01T08:00:00.000Z',
    })
  })

  it('imports a private post as a draft with its date; a missing featured image and an iframe are warned', () => {
    expect(post('50')).toEqual({
      ...plain,
      sourceId: '50',
      title: 'Diary, not for everyone',
      slug: 'diary',
      oldPaths: ['/2020/02/diary/', '/?p=50'],
      content: 'Only for friends.\n\n[Embedded content](https://maps.example.net/embed?pb=lisbon)',
      status: 'draft',
      publishedAt: '2020-02-01T20:00:00.000Z',
      warnings: [
        'Private in WordPress: imported as a draft',
        'The featured image (attachment 999) is not in the export',
        'An embed was turned into a link',
      ],
    })
  })

  it('imports a pending post as an unpublished draft; slug from the title; unknown author keeps the login', () => {
    expect(post('60')).toEqual({
      ...plain,
      sourceId: '60',
      title: 'Guest post: Porto',
      slug: 'guest-post-porto',
      oldPaths: ['/?p=60'],
      content: 'Porto is\n\nhttps://www.youtube.com/watch?v=Xy_12abc\n\nsteep.',
      tags: ['Porto'],
      author: 'carla',
      status: 'draft',
      publishedAt: null,
      warnings: ['Pending review in WordPress: imported as a draft'],
    })
  })

  it("names a draft without title or post_name 'Untitled', slug post-<id>", () => {
    expect(post('70')).toEqual({
      ...plain,
      sourceId: '70',
      title: 'Untitled',
      slug: 'post-70',
      oldPaths: ['/?p=70'],
      content: 'An idea for later.',
      status: 'draft',
      publishedAt: null,
      warnings: ["No title: imported as 'Untitled'"],
    })
  })

  it('gives a post without text a line saying so', () => {
    expect(post('80')).toMatchObject({
      content: '*(This post had no text in WordPress.)*',
      status: 'published',
      publishedAt: '2022-01-01T12:00:00.000Z',
      warnings: ['No text'],
    })
  })

  it('decodes non-ASCII slugs and old paths', () => {
    const japanese = post('90')
    expect(japanese.oldPaths).toEqual(['/2023/04/日本語/', '/?p=90'])
    expect(japanese.slug).toMatch(/^post-[0-9a-f]{8}$/)
    expect(japanese.category).toBe('Travel')
    const russian = post('95')
    expect(russian.slug).toBe('privet-mir')
    expect(russian.oldPaths).toEqual(['/привет-мир/', '/?p=95'])
    expect(russian.title).toBe('Привет, мир')
  })
})

/** A minimal WXR around the given items (and channel extras). */
function wxr(items: string, channel = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.1/" xmlns:excerpt="http://wordpress.org/export/1.1/excerpt/">
<channel><title>T</title><link>https://blog.example.com/news</link><wp:wxr_version>1.1</wp:wxr_version>${channel}${items}</channel></rss>`
}

function item(id: number, extra = ''): string {
  return `<item><title>Post ${id}</title><link>https://blog.example.com/news/p${id}/</link>
<content:encoded><![CDATA[<p>Text ${id}</p>]]></content:encoded><wp:post_id>${id}</wp:post_id>
<wp:post_date>2020-01-01 00:00:00</wp:post_date><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt>
<wp:post_name>p${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>${extra}</item>`
}

describe('parseWordPress on other files', () => {
  it('reads a single-item WXR 1.1 with a site under a path; entities in plain text are decoded', () => {
    const parsed = parseWordPress(wxr(item(7, '<category domain="post_tag" nicename="a">Arts &amp; crafts</category>')))
    expect(parsed.siteUrl).toBe('https://blog.example.com/news')
    expect(parsed.posts).toHaveLength(1)
    expect(parsed.posts[0]).toMatchObject({ oldPaths: ['/p7/', '/?p=7'], tags: ['Arts & crafts'], author: null })
  })

  it('skips auto-drafts and revisions', () => {
    const parsed = parseWordPress(
      wxr(
        item(1).replace('<wp:status>publish', '<wp:status>auto-draft') +
          item(2).replace('<wp:post_type>post', '<wp:post_type>revision'),
      ),
    )
    expect(parsed.posts).toEqual([])
    expect(parsed.skipped.map((skip) => skip.reason)).toEqual([
      'An auto-draft WordPress saved on its own, never written',
      "A 'revision', not a post",
    ])
  })

  it('refuses a file that is not XML', () => {
    expect(() => parseWordPress('title,body\nHello,World')).toThrow(ImportFormatError)
    expect(() => parseWordPress('{"posts": []}')).toThrow(/not a WordPress export \(WXR\)/)
  })

  it('refuses an RSS feed that is not a WXR', () => {
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><link>https://x.example</link>
<item><title>Hi</title><link>https://x.example/hi</link></item></channel></rss>`
    expect(() => parseWordPress(feed)).toThrow(ImportFormatError)
  })

  it('refuses an HTML page', () => {
    const page =
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Hi</title></head><body><p>Hi<br></body></html>'
    expect(() => parseWordPress(page)).toThrow(ImportFormatError)
    expect(() => parseWordPress('<html><body><p>Hi</p></body></html>')).toThrow(/not a WordPress export/)
  })

  it(`refuses more than ${IMPORT_POSTS_MAX} posts`, () => {
    const many = Array.from({ length: IMPORT_POSTS_MAX + 1 }, (_, index) => item(index + 1)).join('')
    expect(() => parseWordPress(wxr(many))).toThrow(ImportFormatError)
  })
})

describe('htmlToImportMarkdown', () => {
  it('drops scripts and styles, keeps only http(s) images, resolves relative links', () => {
    const html =
      '<p>A <a href="b/">b</a></p><script>x()</script><style>p{}</style><img src="data:image/png;base64,AA"><img src="/i.png" alt="i">'
    expect(htmlToImportMarkdown(html, 'https://s.example/blog')).toEqual({
      markdown: 'A [b](https://s.example/blog/b/)\n\n![i](https://s.example/i.png)',
      images: ['https://s.example/i.png'],
      warnings: [],
    })
  })

  it('turns a youtube iframe into its watch URL and de-duplicates images', () => {
    const html =
      '<p><img src="https://s.example/a.jpg"></p><p><img src="https://s.example/a.jpg"></p><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>'
    const converted = htmlToImportMarkdown(html, null)
    expect(converted.markdown).toBe(
      '![](https://s.example/a.jpg)\n\n![](https://s.example/a.jpg)\n\nhttps://www.youtube.com/watch?v=abc',
    )
    expect(converted.images).toEqual(['https://s.example/a.jpg'])
  })

  it('wraps classic paragraphs but leaves block chunks alone; a caption around a linked image keeps the link', () => {
    const html =
      'One <em>two</em>\n\n<ul>\n<li>a</li>\n</ul>\n\n[caption id="x" width="10"]<a href="/big.jpg"><img src="/s.jpg" alt="S" /></a> Small[/caption]'
    expect(htmlToImportMarkdown(html, 'https://s.example').markdown).toBe(
      'One *two*\n\n- a\n\n[![S](https://s.example/s.jpg)](https://s.example/big.jpg)\n\n*Small*',
    )
  })
})
