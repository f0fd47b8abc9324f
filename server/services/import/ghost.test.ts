import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseGhost } from '#server/services/import/ghost.ts'
import { ghostHtmlToMarkdown } from '#server/services/import/ghost-html.ts'
import { IMPORT_POSTS_MAX, type ImportedPost, ImportFormatError } from '#server/services/import/types.ts'

const fixture = (version: number) => readFileSync(`tests/fixtures/import/ghost-${version}.json`, 'utf8')

function post(parsed: { posts: ImportedPost[] }, sourceId: string): ImportedPost {
  const found = parsed.posts.find((p) => p.sourceId === sourceId)
  if (!found) throw new Error(`no post ${sourceId}`)
  return found
}

describe('parseGhost: Ghost 4 (mobiledoc + html)', () => {
  const parsed = parseGhost(fixture(4))

  test('a rendered post is read from its html, with tags, author and the post’s own feature_image_alt', () => {
    expect(parsed.format).toBe('ghost')
    expect(parsed.siteUrl).toBeNull()
    expect(post(parsed, '6100a1')).toEqual({
      sourceId: '6100a1',
      title: 'Hello from Ghost 4',
      slug: 'hello-ghost-4',
      oldPaths: ['/hello-ghost-4/'],
      content: 'Hi.\n\n![Cat](https://old.example.com/content/images/2021/06/cat.jpg)\n\n*A cat*',
      excerpt: 'A first post.',
      category: 'Cats',
      tags: ['News'],
      author: 'Ada Writer',
      status: 'published',
      publishedAt: '2021-06-01T10:00:00.000Z',
      featuredImage: 'https://old.example.com/content/images/2021/06/cover.jpg',
      featuredImageAlt: 'The cover',
      images: ['https://old.example.com/content/images/2021/06/cat.jpg'],
      warnings: [],
    } satisfies ImportedPost)
  })

  test('without html, the mobiledoc markdown card and paragraph markers are the content', () => {
    const draft = post(parsed, '6100a2')
    expect(draft.content).toBe(
      'Intro in **markdown**.\n\n- one\n- two\n\nA paragraph with [a link](https://ghost.org/) and *emphasis*.',
    )
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, author: 'Bob Guest', category: null })
  })

  test('pages are skipped with a reason', () => {
    expect(parsed.skipped).toEqual([
      { sourceId: '6100a3', title: 'About', reason: 'A page, not a post: pages are not imported' },
    ])
    expect(parsed.posts.map((p) => p.sourceId)).not.toContain('6100a3')
  })

  test('internal tags (#name) are dropped; the first public tag by sort_order is the category', () => {
    const first = post(parsed, '6100a1')
    expect(first.category).toBe('Cats')
    expect([first.category, ...first.tags]).not.toContain('#internal')
  })
})

describe('parseGhost: Ghost 5 (lexical + html, __GHOST_URL__)', () => {
  test('__GHOST_URL__ becomes the site address when known', () => {
    const parsed = parseGhost(fixture(5), 'https://old.example.com/')
    expect(parsed.siteUrl).toBe('https://old.example.com/')
    expect(post(parsed, '65a0b1')).toEqual({
      sourceId: '65a0b1',
      title: 'Ghost five',
      slug: 'ghost-five',
      oldPaths: ['/ghost-five/'],
      content:
        'See [the first post](https://old.example.com/hello/).\n\n' +
        '![Photo](https://old.example.com/content/images/2023/11/photo.jpg)\n\n' +
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      excerpt: null,
      category: 'Product',
      tags: [],
      author: 'Ada Writer',
      status: 'published',
      publishedAt: '2023-11-14T22:13:20.000Z',
      featuredImage: 'https://old.example.com/content/images/2023/11/cover.jpg',
      featuredImageAlt: 'Cover photo',
      images: ['https://old.example.com/content/images/2023/11/photo.jpg'],
      warnings: [],
    } satisfies ImportedPost)
  })

  test('without a site address, __GHOST_URL__ is removed leaving site paths, and each such image warns', () => {
    const five = post(parseGhost(fixture(5)), '65a0b1')
    expect(five.content).toContain('[the first post](/hello/)')
    expect(five.content).toContain('![Photo](/content/images/2023/11/photo.jpg)')
    expect(five.content).not.toContain('__GHOST_URL__')
    expect(five.images).toEqual([])
    expect(five.featuredImage).toBeNull()
    expect(five.warnings).toEqual([
      'Image with no site address: /content/images/2023/11/photo.jpg',
      'Image with no site address: /content/images/2023/11/cover.jpg',
    ])
  })

  test('scheduled stays scheduled; sent (email only) becomes a draft with a warning', () => {
    const parsed = parseGhost(fixture(5))
    expect(post(parsed, '65a0b2')).toMatchObject({ status: 'scheduled', publishedAt: '2030-01-01T09:00:00.000Z' })
    expect(post(parsed, '65a0b3')).toMatchObject({
      status: 'draft',
      warnings: ['Sent as an email only in Ghost: imported as a draft'],
    })
  })

  test('no title and no text: Untitled, a slug from it, and a placeholder body', () => {
    expect(post(parseGhost(fixture(5)), '65a0b4')).toMatchObject({
      title: 'Untitled',
      slug: 'untitled',
      content: '*(This post had no text in Ghost.)*',
      warnings: ['No title: imported as "Untitled"', 'No text'],
    })
  })
})

describe('parseGhost: Ghost 6 (lexical only, html null)', () => {
  test('the Lexical tree is walked into Markdown; an unusable slug is made from the title', () => {
    expect(parseGhost(fixture(6)).posts).toEqual([
      {
        sourceId: '67c0c1',
        title: 'Ghost six',
        slug: 'ghost-six',
        oldPaths: ['/ghost-six/'],
        content: [
          '## Section',
          'Plain, **bold**, *italic* and `code`  \n[a link](/about/)',
          '> Quoted',
          '1. First\n2. Second',
          '![Chart](/content/images/2025/03/chart.png)',
          '*Q1 numbers*',
          '---',
          '```js\nconsole.log(1)\n```',
          'https://www.youtube.com/watch?v=abc123',
          '[Embedded content](https://vimeo.com/1)',
        ].join('\n\n'),
        excerpt: null,
        category: 'Engineering',
        tags: ['Notes'],
        author: 'Bob Guest',
        status: 'published',
        publishedAt: '2025-03-01T12:00:00.000Z',
        featuredImage: 'https://cdn.example.com/six.jpg',
        featuredImageAlt: null,
        images: [],
        warnings: ['Image with no site address: /content/images/2025/03/chart.png', 'An embed was turned into a link'],
      } satisfies ImportedPost,
    ])
  })

  test('with a site address, Lexical images become absolute and are listed', () => {
    const six = parseGhost(fixture(6), 'https://six.example.com').posts[0]!
    expect(six.images).toEqual(['https://six.example.com/content/images/2025/03/chart.png'])
    expect(six.content).toContain('[a link](https://six.example.com/about/)')
  })
})

describe('parseGhost: not a Ghost export', () => {
  const ghost = (version: string, posts: unknown[] = []) =>
    JSON.stringify({ db: [{ meta: { exported_on: 1, version }, data: { posts } }] })

  test('not JSON', () => {
    expect(() => parseGhost('<rss>')).toThrow(ImportFormatError)
    expect(() => parseGhost('<rss>')).toThrow(/^This file is not a Ghost export: /)
  })
  test('JSON without db[0].data.posts', () => {
    expect(() => parseGhost('{"posts": []}')).toThrow(/^This file is not a Ghost export: /)
    expect(() => parseGhost('null')).toThrow(ImportFormatError)
  })
  test('Ghost 3.x (or 7) is refused, naming the version', () => {
    expect(() => parseGhost(ghost('3.42.0'))).toThrow(ImportFormatError)
    expect(() => parseGhost(ghost('3.42.0'))).toThrow(/3\.42\.0/)
    expect(() => parseGhost(ghost('7.0.0'))).toThrow(/7\.0\.0/)
    expect(parseGhost(ghost('6.0.0')).posts).toEqual([])
  })
  test('more than IMPORT_POSTS_MAX posts', () => {
    const posts = Array.from({ length: IMPORT_POSTS_MAX + 1 }, (_, i) => ({ id: String(i), title: 'x' }))
    expect(() => parseGhost(ghost('5.0.0', posts))).toThrow(ImportFormatError)
  })
})

describe('ghostHtmlToMarkdown', () => {
  test('gallery, tweet, other iframe, bookmark card; scripts and styles removed', () => {
    const html =
      '<figure class="kg-card kg-gallery-card kg-width-wide"><div class="kg-gallery-container"><div class="kg-gallery-row">' +
      '<div class="kg-gallery-image"><img src="https://x.test/1.jpg" alt="one"></div>' +
      '<div class="kg-gallery-image"><img src="https://x.test/2.jpg" alt=""></div></div></div></figure>' +
      '<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p>Hi</p>&mdash; Someone ' +
      '<a href="https://twitter.com/someone/status/123456?ref_src=twsrc%5Etfw">November 1, 2023</a></blockquote>' +
      '<script async src="https://platform.twitter.com/widgets.js"></script></figure>' +
      '<figure class="kg-card kg-embed-card"><iframe src="https://player.vimeo.com/video/1"></iframe></figure>' +
      '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://ghost.org/">' +
      '<div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost</div>' +
      '<div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="https://ghost.org/icon.png"></div></div>' +
      '<div class="kg-bookmark-thumbnail"><img src="https://ghost.org/thumb.png"></div></a></figure>' +
      '<style>.x{}</style><ul><li>one</li><li>two</li></ul><img src="https://x.test/1.jpg" alt="again">'
    expect(ghostHtmlToMarkdown(html, null)).toEqual({
      markdown: [
        '![one](https://x.test/1.jpg)\n![](https://x.test/2.jpg)',
        'https://twitter.com/someone/status/123456',
        '[Embedded content](https://player.vimeo.com/video/1)',
        '[Ghost](https://ghost.org/)',
        '- one\n- two',
        '![again](https://x.test/1.jpg)',
      ].join('\n\n'),
      images: ['https://x.test/1.jpg', 'https://x.test/2.jpg'],
      warnings: ['An embed was turned into a link'],
    })
  })

  test('video, audio and file cards become links to their files, with a warning each', () => {
    const html =
      '<figure class="kg-card kg-video-card"><div class="kg-video-container"><video src="__GHOST_URL__/content/media/v.mp4" poster="https://img.spacergif.org/v1/1x1/0a/spacer.png"></video></div></figure>' +
      '<div class="kg-card kg-audio-card"><audio src="https://cdn.example.com/a.mp3"></audio><div class="kg-audio-title">Talk</div></div>' +
      '<div class="kg-card kg-file-card"><a class="kg-file-card-container" href="https://cdn.example.com/doc.pdf" download><div class="kg-file-card-title">Doc</div></a></div>'
    expect(ghostHtmlToMarkdown(html, 'https://old.example.com')).toEqual({
      markdown:
        '[Video](https://old.example.com/content/media/v.mp4)\n\n[Audio](https://cdn.example.com/a.mp3)\n\n[File](https://cdn.example.com/doc.pdf)',
      images: [],
      warnings: [
        'A video card was turned into a link',
        'An audio card was turned into a link',
        'A file card was turned into a link',
      ],
    })
  })
})

describe('Lexical details', () => {
  const lexical = (children: unknown[]) =>
    JSON.stringify({
      db: [
        {
          meta: { version: '6.0.0' },
          data: {
            posts: [
              { id: 'x', title: 'X', slug: 'x', status: 'draft', lexical: JSON.stringify({ root: { children } }) },
            ],
          },
        },
      ],
    })
  const text = (t: string, format = 0) => ({ type: 'extended-text', text: t, format })

  test('marks stay inside edge spaces; nested lists are indented', () => {
    const content = parseGhost(
      lexical([
        { type: 'paragraph', children: [text('a'), text(' bold ', 1), text('b')] },
        {
          type: 'list',
          listType: 'bullet',
          children: [
            { type: 'listitem', children: [text('one')] },
            {
              type: 'listitem',
              children: [
                { type: 'list', listType: 'number', children: [{ type: 'listitem', children: [text('inner')] }] },
              ],
            },
            { type: 'listitem', children: [text('two')] },
          ],
        },
      ]),
    ).posts[0]!.content
    expect(content).toBe('a **bold** b\n\n- one\n   1. inner\n- two')
  })

  test('an audio node becomes a link to its file, with a warning', () => {
    const parsed = parseGhost(lexical([{ type: 'audio', src: '__GHOST_URL__/content/media/talk.mp3', title: 'Talk' }]))
    expect(parsed.posts[0]).toMatchObject({
      content: '[Audio](/content/media/talk.mp3)',
      warnings: ['An audio card was turned into a link'],
    })
  })
})
