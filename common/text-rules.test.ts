import { describe, expect, test } from 'vitest'
import { SLUG_PATTERN } from '#common/contract/posts.ts'
import {
  categoryLabel,
  coverImage,
  followedSlug,
  longUsDate,
  relativeTime,
  teaser,
  toSlug,
} from '#common/text-rules.ts'

describe('categoryLabel', () => {
  test('turns hyphens into spaces and capitalises each word', () => {
    expect(categoryLabel('market-trends')).toBe('Market Trends')
    expect(categoryLabel('new-releases')).toBe('New Releases')
    expect(categoryLabel('technology')).toBe('Technology')
  })
  test('falls back to the word Article when there is no category', () => {
    expect(categoryLabel(null)).toBe('Article')
    expect(categoryLabel('')).toBe('Article')
  })
})

describe('teaser', () => {
  test('is the first sentence of the excerpt', () => {
    expect(teaser('Rewarded video wins. Here is why it matters.')).toBe('Rewarded video wins.')
  })
  test('is the first 100 characters and an ellipsis when there is no sentence end', () => {
    const long = 'x'.repeat(150)
    expect(teaser(long)).toBe(`${'x'.repeat(100)}...`)
  })
  test('keeps a short text without a sentence end whole and is empty for no text', () => {
    expect(teaser('Short and sweet')).toBe('Short and sweet')
    expect(teaser(null)).toBe('')
  })
})

describe('relativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  test("reads like 'about 1 hour ago'", () => {
    expect(relativeTime('2026-11-21T10:50:00Z', 'Unknown', now)).toBe('about 1 hour ago')
    expect(relativeTime(new Date('2026-11-18T12:00:00Z'), 'Unknown', now)).toBe('3 days ago')
  })
  test("says 'Unknown' (or the given word) when missing and 'Invalid date' when unparseable", () => {
    expect(relativeTime(null, 'Unknown', now)).toBe('Unknown')
    expect(relativeTime(undefined, 'Recently', now)).toBe('Recently')
    expect(relativeTime('not a date', 'Unknown', now)).toBe('Invalid date')
  })
})

test('longUsDate gives month day, year', () => {
  expect(longUsDate('2026-11-21T12:00:00Z')).toBe('November 21, 2026')
  expect(longUsDate(null)).toBe('')
})

describe('toSlug: one slug rule for the editor, the paste helper, AI drafts and the rewriter', () => {
  test.each([
    ['Hello, World! Rewarded Video 101', 'hello-world-rewarded-video-101'],
    ["Here's Why Café Brands Love Rewarded Video!", 'heres-why-cafe-brands-love-rewarded-video'],
    ['Café crème', 'cafe-creme'],
    ['Café crème brûlée', 'cafe-creme-brulee'],
    ['  Gen Z & Value  ', 'gen-z-and-value'],
    ['Straße und Öl', 'strasse-und-oel'],
    ['iPhone and TikTok promos', 'iphone-and-tiktok-promos'],
    ['Как работает вознаграждённое видео', 'kak-rabotaet-voznagrazhdyonnoe-video'],
    ['Πώς λειτουργεί το βίντεο', 'pos-leitoyrgei-to-vinteo'],
    ['كيف يعمل الفيديو المكافئ', 'kyf-yeml-alfydyw-almkafy'],
    ['🚀 Launch day', 'launch-day'],
    ['   ', ''],
    ['---', ''],
  ])('%j → %j', (title, slug) => {
    expect(toSlug(title)).toBe(slug)
  })

  test.each(['日本語のタイトル', 'リワード動画で売上を伸ばす方法', '中文标题测试', '한국어 제목', 'שלום עולם'])(
    'a title no transliteration covers (%s) gets a stable, non-empty slug that is a plain URL segment',
    (title) => {
      const slug = toSlug(title)
      expect(slug).toMatch(/^post-[0-9a-f]{8}$/)
      expect(toSlug(title)).toBe(slug)
      expect(encodeURIComponent(slug)).toBe(slug)
    },
  )

  test('different non-Latin titles get different slugs', () => {
    expect(toSlug('日本語のタイトル')).not.toBe(toSlug('日本語の記事'))
  })

  test('has at most 60 characters, cut between words', () => {
    const slug = toSlug('The Complete Guide to Rewarded Video Advertising for Brands and Agencies in 2026')
    expect(slug).toBe('the-complete-guide-to-rewarded-video-advertising-for-brands')
    expect(toSlug('x'.repeat(80))).toBe('x'.repeat(60))
  })

  test('every slug it makes passes the server check (SLUG_PATTERN)', () => {
    for (const title of ['Café crème brûlée', '日本語のタイトル', 'A_b c', 'Rewards: 5× more €', 'C++ & C# tips']) {
      expect(toSlug(title)).toMatch(SLUG_PATTERN)
    }
  })
})

describe('coverImage', () => {
  test('prefers the featured image', () => {
    expect(coverImage({ featuredImage: '/images/a.webp', content: '![x](data:image/png;base64,AAAA)' })).toBe(
      '/images/a.webp',
    )
  })
  test('falls back to the first embedded data image in the content', () => {
    expect(coverImage({ featuredImage: '', content: 'Intro\n\n![chart](data:image/png;base64,iVBORw0K)\n' })).toBe(
      'data:image/png;base64,iVBORw0K',
    )
  })
  test('falls back to the first image in the content: images are kept on this site since issue 10', () => {
    const content = 'Intro\n\n![chart](/images/abc.png "Chart")\n\n![later](data:image/png;base64,AAAA)'
    expect(coverImage({ featuredImage: null, content })).toBe('/images/abc.png')
  })
  test('skips what the page cannot show (other hosts) and is null when nothing is left', () => {
    expect(coverImage({ featuredImage: null, content: '![x](https://elsewhere.example/a.png)' })).toBeNull()
    expect(coverImage({ featuredImage: null, content: 'No picture, [a link](/images/a.png).' })).toBeNull()
  })
})

test("followedSlug moves the slug with the title only while it is empty or still the old title's slug", () => {
  expect(followedSlug('', 'Old', 'New Title')).toBe('new-title')
  expect(followedSlug('old-title', 'Old Title', 'New Title!')).toBe('new-title')
  expect(followedSlug('my-own-slug', 'Old Title', 'New Title')).toBeNull()
  expect(followedSlug('old', 'Old', 'New', (t) => `x-${t.toLowerCase()}`)).toBeNull()
  expect(followedSlug('x-old', 'Old', 'New', (t) => `x-${t.toLowerCase()}`)).toBe('x-new')
})
