import { describe, expect, test } from 'vitest'
import {
  authorName,
  BLOG_PAGE_SIZE,
  blogListHref,
  cardTags,
  hasFeatured,
  listCoverImage,
  metaDescription,
  pageCount,
  pageWindow,
  parseBlogListQuery,
  responsiveSrcSet,
  viewsLabel,
} from '#common/blog-rules.ts'

describe('list query and addresses', () => {
  test('reads category and page, and falls back to all categories on page 1 for unusable values', () => {
    expect(parseBlogListQuery(new URLSearchParams('category=Market-Trends&page=3'))).toEqual({
      category: 'market-trends',
      page: 3,
    })
    expect(parseBlogListQuery(new URLSearchParams('category=%3Cscript%3E&page=0'))).toEqual({ category: null, page: 1 })
    expect(parseBlogListQuery(new URLSearchParams('page=-2'))).toEqual({ category: null, page: 1 })
    expect(parseBlogListQuery(new URLSearchParams('page=1.5&category='))).toEqual({ category: null, page: 1 })
  })

  test('builds canonical list addresses with page 1 left out', () => {
    expect(blogListHref({})).toBe('/blog')
    expect(blogListHref({ page: 1 })).toBe('/blog')
    expect(blogListHref({ category: 'market-trends' })).toBe('/blog?category=market-trends')
    expect(blogListHref({ category: 'company', page: 2 })).toBe('/blog?category=company&page=2')
  })
})

describe('paging', () => {
  test('the unfiltered first page holds the featured post plus a full grid of 12', () => {
    expect(hasFeatured({ category: null, page: 1 })).toBe(true)
    expect(pageWindow({ category: null, page: 1 })).toEqual({ offset: 0, limit: BLOG_PAGE_SIZE + 1 })
    expect(pageWindow({ category: null, page: 2 })).toEqual({ offset: 13, limit: 12 })
    expect(pageWindow({ category: null, page: 3 })).toEqual({ offset: 25, limit: 12 })
  })

  test('a category page has no featured card and 12 posts a page', () => {
    expect(hasFeatured({ category: 'company', page: 1 })).toBe(false)
    expect(hasFeatured({ category: null, page: 2 })).toBe(false)
    expect(pageWindow({ category: 'company', page: 2 })).toEqual({ offset: 12, limit: 12 })
  })

  test('counts pages: 13 unfiltered posts fit one page, 13 in a category need two', () => {
    expect(pageCount(0, null)).toBe(1)
    expect(pageCount(13, null)).toBe(1)
    expect(pageCount(14, null)).toBe(2)
    expect(pageCount(25, null)).toBe(2)
    expect(pageCount(26, null)).toBe(3)
    expect(pageCount(12, 'company')).toBe(1)
    expect(pageCount(13, 'company')).toBe(2)
  })
})

describe('card text', () => {
  test('keeps at most 2 tags, without blanks or duplicates', () => {
    expect(cardTags(['video', ' ', 'Video', 'rewards', 'gen-z'])).toEqual(['video', 'rewards'])
    expect(cardTags(null)).toEqual([])
  })

  test('falls back to the team name when the author is empty', () => {
    expect(authorName('  ', 'VidQuest Team')).toBe('VidQuest Team')
    expect(authorName('Priya Desai', 'VidQuest Team')).toBe('Priya Desai')
  })

  test("says 'N views', and '1 view' for one", () => {
    expect(viewsLabel(0)).toBe('0 views')
    expect(viewsLabel(1)).toBe('1 view')
    expect(viewsLabel(1234)).toBe('1,234 views')
  })

  test('groups thousands exactly as en-US number formatting does', () => {
    const counts = [0, 7, 999, 1000, 9999, 10_000, 123_456, 999_999, 1_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER]
    for (let n = 1; n < 1e15; n = n * 7 + 3) counts.push(n)
    for (const n of counts) expect(viewsLabel(n)).toBe(`${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`)
    expect(viewsLabel(-5)).toBe('0 views')
    expect(viewsLabel(1234.9)).toBe('1,234 views')
  })

  test('cuts a meta description to 160 characters at a word, with an ellipsis', () => {
    expect(metaDescription('Short one.')).toBe('Short one.')
    const long = 'word '.repeat(60)
    const cut = metaDescription(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('word…')).toBe(true)
  })

  test('leaves very large embedded images off list cards', () => {
    expect(listCoverImage('/images/a.png')).toBe('/images/a.png')
    expect(listCoverImage(`data:image/png;base64,${'A'.repeat(200_000)}`)).toBeNull()
    expect(listCoverImage('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(listCoverImage(null)).toBeNull()
  })

  test('offers resized variants only for images stored on this site', () => {
    const stored = `/images/${'a'.repeat(64)}.webp`
    expect(responsiveSrcSet(stored)).toBe(`${stored}?w=480 480w, ${stored}?w=960 960w, ${stored}?w=1280 1280w`)
    expect(responsiveSrcSet('https://example.com/a.webp')).toBeNull()
  })
})
