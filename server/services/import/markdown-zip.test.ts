import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { parseMarkdownZip } from '#server/services/import/markdown-zip.ts'
import { type ImportedPost, ImportFormatError } from '#server/services/import/types.ts'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])

const site = zipSync({
  '_posts/2019-05-01-my-post.md': strToU8(
    '---\nlayout: post\ntitle: "My Jekyll post"\ncategory: Travel\ntags: [rome, food]\nredirect_from:\n  - /old/my-post/\nexcerpt: Pasta.\n---\nHello ![Arch](../images/arch.png) and ![Remote](https://cdn.example.com/r.jpg).\n',
  ),
  'images/arch.png': PNG,
  'images/unused.png': PNG,
  'content/posts/hugo-bundle/index.md': strToU8(
    '---\ntitle: Hugo bundle\ndate: 2020-02-03T04:05:06+01:00\ndraft: true\ncategories: [Tech, Go]\ntags: [hugo]\naliases: [/2020/hugo-bundle/]\ncover:\n  image: cover.jpg\n  alt: A cover\n---\n![Diagram](diagram.png)\n',
  ),
  'content/posts/hugo-bundle/diagram.png': PNG,
  'content/posts/hugo-bundle/cover.jpg': PNG,
  'content/posts/_index.md': strToU8('---\ntitle: Posts\n---\n'),
  'content/posts/custom.md': strToU8(
    '---\ntitle: Custom URL\ndate: 2021-01-01\nurl: /blog/custom-address/\n---\nText.\n',
  ),
  'src/content/blog/astro-post.md': strToU8(
    '---\ntitle: Astro post\npubDate: 2099-07-01T10:00:00Z\ndescription: Soon.\nheroImage:\n  src: https://cdn.example.com/hero.jpg\n  alt: Hero\nauthor: [Ann, Ben]\n---\n# Not the title\n\nBody.\n',
  ),
  'eleventy/first.markdown': strToU8('---\ntitle: Eleventy\ntags: notes, web\ndate: 2022-03-04\n---\n\nText.\n'),
  'broken.md': strToU8('---\ntitle: [unclosed\n---\nBody\n'),
  'untitled.md': strToU8('# Heading as title\n\nSome text.\n'),
  '__MACOSX/_posts/._2019-05-01-my-post.md': strToU8('junk'),
  '.hidden.md': strToU8('---\ntitle: Hidden\n---\n'),
})

function post(posts: ImportedPost[], sourceId: string): ImportedPost {
  const found = posts.find((p) => p.sourceId === sourceId)
  if (!found) throw new Error(`no post ${sourceId}`)
  return found
}

describe('parseMarkdownZip', () => {
  const parsed = parseMarkdownZip(site)

  test('reads every Markdown file but ignores __MACOSX/ and dot files', () => {
    expect(parsed.format).toBe('markdown')
    expect(parsed.posts.map((p) => p.sourceId).sort()).toEqual([
      '_posts/2019-05-01-my-post.md',
      'content/posts/custom.md',
      'content/posts/hugo-bundle/index.md',
      'eleventy/first.markdown',
      'src/content/blog/astro-post.md',
      'untitled.md',
    ])
  })

  test('Jekyll: date prefix, category, redirect_from, a relative image inside the zip', () => {
    expect(post(parsed.posts, '_posts/2019-05-01-my-post.md')).toEqual({
      sourceId: '_posts/2019-05-01-my-post.md',
      title: 'My Jekyll post',
      slug: 'my-post',
      oldPaths: ['/2019/05/01/my-post.html', '/old/my-post/'],
      content: 'Hello ![Arch](zip:images/arch.png) and ![Remote](https://cdn.example.com/r.jpg).',
      excerpt: 'Pasta.',
      category: 'Travel',
      tags: ['rome', 'food'],
      author: null,
      status: 'published',
      publishedAt: '2019-05-01T00:00:00.000Z',
      featuredImage: null,
      featuredImageAlt: null,
      images: ['zip:images/arch.png', 'https://cdn.example.com/r.jpg'],
      warnings: [],
    } satisfies ImportedPost)
  })

  test('only referenced images are returned as files, by their path in the zip', () => {
    expect([...parsed.files.keys()].sort()).toEqual([
      'content/posts/hugo-bundle/cover.jpg',
      'content/posts/hugo-bundle/diagram.png',
      'images/arch.png',
    ])
    expect(parsed.files.get('images/arch.png')).toEqual(PNG)
  })

  test('Hugo: page bundle index.md, draft, categories, aliases, cover object', () => {
    expect(post(parsed.posts, 'content/posts/hugo-bundle/index.md')).toEqual({
      sourceId: 'content/posts/hugo-bundle/index.md',
      title: 'Hugo bundle',
      slug: 'hugo-bundle',
      oldPaths: ['/posts/hugo-bundle/', '/2020/hugo-bundle/'],
      content: '![Diagram](zip:content/posts/hugo-bundle/diagram.png)',
      excerpt: null,
      category: 'Tech',
      tags: ['Go', 'hugo'],
      author: null,
      status: 'draft',
      publishedAt: null,
      featuredImage: 'zip:content/posts/hugo-bundle/cover.jpg',
      featuredImageAlt: 'A cover',
      images: ['zip:content/posts/hugo-bundle/diagram.png'],
      warnings: [],
    } satisfies ImportedPost)
  })

  test('Hugo url: the slug and the old path come from it', () => {
    expect(post(parsed.posts, 'content/posts/custom.md')).toMatchObject({
      slug: 'custom-address',
      oldPaths: ['/blog/custom-address/'],
      status: 'published',
      publishedAt: '2021-01-01T00:00:00.000Z',
    })
  })

  test('Astro: pubDate in the future is scheduled; heroImage object; first author', () => {
    expect(post(parsed.posts, 'src/content/blog/astro-post.md')).toEqual({
      sourceId: 'src/content/blog/astro-post.md',
      title: 'Astro post',
      slug: 'astro-post',
      oldPaths: ['/astro-post/'],
      content: '# Not the title\n\nBody.',
      excerpt: 'Soon.',
      category: null,
      tags: [],
      author: 'Ann',
      status: 'scheduled',
      publishedAt: '2099-07-01T10:00:00.000Z',
      featuredImage: 'https://cdn.example.com/hero.jpg',
      featuredImageAlt: 'Hero',
      images: [],
      warnings: [],
    } satisfies ImportedPost)
  })

  test('Eleventy: tags as a comma string', () => {
    expect(post(parsed.posts, 'eleventy/first.markdown')).toMatchObject({
      slug: 'first',
      tags: ['notes', 'web'],
      category: null,
      content: 'Text.',
      publishedAt: '2022-03-04T00:00:00.000Z',
    })
  })

  test('no front matter: the leading # heading is the title', () => {
    expect(post(parsed.posts, 'untitled.md')).toMatchObject({
      title: 'Heading as title',
      slug: 'untitled',
      content: 'Some text.',
      warnings: [],
    })
  })

  test('invalid YAML front matter skips that file, not the zip; Hugo section pages are skipped', () => {
    expect(parsed.skipped).toEqual([
      {
        sourceId: 'broken.md',
        title: 'broken.md',
        reason:
          'Front matter is not valid YAML: unexpected end of the stream within a flow collection at line 3, column 1',
      },
      {
        sourceId: 'content/posts/_index.md',
        title: 'content/posts/_index.md',
        reason: 'A Hugo section page (_index.md), not a post',
      },
    ])
  })

  test('no title and no heading: the title comes from the file name, with a warning', () => {
    const zip = zipSync({
      '_posts/2020-01-02-my-first-post.md': strToU8("Text ![a b](<my images/a b.png> 'Title').\n"),
      '_posts/my images/a b.png': PNG,
    })
    const parsed = parseMarkdownZip(zip)
    expect(parsed.posts[0]).toMatchObject({
      title: 'My first post',
      slug: 'my-first-post',
      content: "Text ![a b](<zip:_posts/my images/a b.png> 'Title').",
      images: ['zip:_posts/my images/a b.png'],
      warnings: ['No title: named after the file'],
    })
    expect([...parsed.files.keys()]).toEqual(['_posts/my images/a b.png'])
  })

  test('a root image path with no site address stays a path and warns', () => {
    const zip = zipSync({ 'a.md': strToU8('---\ntitle: A\n---\n![x](/img/x.png)\n') })
    const [a] = parseMarkdownZip(zip).posts
    expect(a).toMatchObject({
      content: '![x](/img/x.png)',
      images: [],
      warnings: ['Image with no site address: /img/x.png'],
    })
    expect(parseMarkdownZip(zip, 'https://old.example.com/').posts[0]!.images).toEqual([
      'https://old.example.com/img/x.png',
    ])
  })
})

describe('parseMarkdownZip: refused files', () => {
  test('not a zip', () => {
    expect(() => parseMarkdownZip(strToU8('# just markdown'))).toThrow(ImportFormatError)
    expect(() => parseMarkdownZip(strToU8('# just markdown'))).toThrow(/^This file is not a zip of Markdown files/)
  })

  test('a zip without .md files', () => {
    expect(() => parseMarkdownZip(zipSync({ 'a.txt': strToU8('x'), 'b.png': PNG }))).toThrow(ImportFormatError)
  })

  test('a zip claiming more than 200 MB uncompressed is refused before inflating', () => {
    const zip = zipSync({ 'big.md': strToU8('---\ntitle: Big\n---\nx\n') })
    // The central directory's "uncompressed size" field (offset 24 of each 0x02014b50 record) is what fflate reads.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    for (let i = 0; i < zip.length - 4; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0xf0000000, true)
    }
    expect(() => parseMarkdownZip(zip)).toThrow(/larger than 200 MB/)
  })
})
