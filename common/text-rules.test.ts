import { describe, expect, test } from 'vitest'
import {
  categoryLabel,
  coverImage,
  followedSlug,
  longUsDate,
  relativeTime,
  teaser,
  titleToSlug,
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

test('titleToSlug lowercases, removes non-word characters and turns spaces into hyphens', () => {
  expect(titleToSlug('Hello, World! Rewarded Video 101')).toBe('hello-world-rewarded-video-101')
  expect(titleToSlug('  Gen Z & Value  ')).toBe('gen-z-value')
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
  test('is null when there is neither', () => {
    expect(coverImage({ featuredImage: null, content: '![x](/images/not-data.png)' })).toBeNull()
  })
})

test("followedSlug moves the slug with the title only while it is empty or still the old title's slug", () => {
  expect(followedSlug('', 'Old', 'New Title')).toBe('new-title')
  expect(followedSlug('old-title', 'Old Title', 'New Title!')).toBe('new-title')
  expect(followedSlug('my-own-slug', 'Old Title', 'New Title')).toBeNull()
  expect(followedSlug('old', 'Old', 'New', (t) => `x-${t.toLowerCase()}`)).toBeNull()
  expect(followedSlug('x-old', 'Old', 'New', (t) => `x-${t.toLowerCase()}`)).toBe('x-new')
})
