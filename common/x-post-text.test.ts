import { describe, expect, test } from 'vitest'
import {
  fitsWithLink,
  hashtagsFor,
  templateXText,
  toHashtag,
  truncateToWeight,
  X_TEXT_BUDGET,
  xWeightedLength,
} from '#common/x-post-text.ts'

const LINK = 'https://vidquest.io/s/Ab3dE9z'

/** What X would count for the full post: text, a space, the short link (23). */
const tweetWeight = (text: string) => xWeightedLength(`${text} ${LINK}`)

describe('X weighted length', () => {
  test('a link weighs 23 whatever its length, CJK and emoji weigh 2', () => {
    expect(xWeightedLength(LINK)).toBe(23)
    expect(xWeightedLength('日本語')).toBe(6)
    expect(xWeightedLength('🎮')).toBe(2)
    expect(xWeightedLength('abc')).toBe(3)
  })

  test('the budget leaves room for a space and the link in 280', () => {
    expect(X_TEXT_BUDGET).toBe(256)
    expect(fitsWithLink('a'.repeat(256))).toBe(true)
    expect(fitsWithLink('a'.repeat(257))).toBe(false)
  })
})

describe('truncateToWeight', () => {
  test('keeps a text that fits as it is', () => {
    expect(truncateToWeight('Short and sweet.')).toBe('Short and sweet.')
  })

  test('cuts a long Latin text at a word end with an ellipsis', () => {
    const text = 'Rewarded video works because viewers choose to watch '.repeat(10)
    const cut = truncateToWeight(text)
    expect(cut.endsWith('…')).toBe(true)
    expect(xWeightedLength(cut)).toBeLessThanOrEqual(X_TEXT_BUDGET)
    expect(cut.slice(0, -1)).toMatch(/\w$/)
    expect(text.startsWith(cut.slice(0, -1))).toBe(true)
    expect(tweetWeight(cut)).toBeLessThanOrEqual(280)
  })

  test('cuts CJK text (weight 2 per character, no spaces) within the budget', () => {
    const cut = truncateToWeight('動画広告で報酬を獲得する新しい方法。'.repeat(20))
    expect(xWeightedLength(cut)).toBeLessThanOrEqual(X_TEXT_BUDGET)
    expect(xWeightedLength(cut)).toBeGreaterThan(X_TEXT_BUDGET - 4)
    expect(tweetWeight(cut)).toBeLessThanOrEqual(280)
  })

  test('never splits an emoji sequence', () => {
    const family = '👨‍👩‍👧‍👦'
    const cut = truncateToWeight(family.repeat(200), 20)
    expect(xWeightedLength(cut)).toBeLessThanOrEqual(20)
    expect(cut.replace('…', '').replaceAll(family, '')).toBe('')
  })
})

describe('hashtags', () => {
  test('tags become hashtags: one word kept, several joined in CamelCase', () => {
    expect(toHashtag('video')).toBe('#video')
    expect(toHashtag('market-trends')).toBe('#MarketTrends')
    expect(toHashtag('gen z')).toBe('#GenZ')
    expect(toHashtag('2026')).toBeNull()
    expect(toHashtag('---')).toBeNull()
  })

  test('at most three, without duplicates', () => {
    expect(hashtagsFor(['video', 'Video', 'rewards', '2026', 'gen-z', 'loyalty'])).toEqual([
      '#video',
      '#rewards',
      '#GenZ',
    ])
  })
})

describe('templateXText', () => {
  test('title, the teaser of the excerpt and up to 3 hashtags, one per paragraph', () => {
    const text = templateXText({
      title: 'Rewarded video in practice',
      excerpt: 'What a video quest does for completion rates. And more besides.',
      tags: ['video', 'rewards', 'market-trends', 'extra'],
    })
    expect(text).toBe(
      'Rewarded video in practice\n\nWhat a video quest does for completion rates.\n\n#video #rewards #MarketTrends',
    )
  })

  test('a 255-character title with emoji and CJK still fits 280 with the link', () => {
    const title = `${'🎮 Rewarded 動画 '.repeat(20)}`.slice(0, 255)
    const text = templateXText({ title, excerpt: 'Long '.repeat(80), tags: ['video', 'rewards', 'loyalty'] })
    expect(tweetWeight(text)).toBeLessThanOrEqual(280)
    expect(text.endsWith('…')).toBe(true)
    expect(text.startsWith('🎮 Rewarded 動画')).toBe(true)
  })

  test('a long excerpt gives way before the hashtags', () => {
    const text = templateXText({
      title: 'A title',
      excerpt: `${'word '.repeat(100)}end.`,
      tags: ['video', 'rewards'],
    })
    expect(text.startsWith('A title\n\nword word')).toBe(true)
    expect(text.endsWith('\n\n#video #rewards')).toBe(true)
    expect(tweetWeight(text)).toBeLessThanOrEqual(280)
  })

  test('CJK title and excerpt fit', () => {
    const text = templateXText({
      title: '報酬型動画広告の実践ガイド'.repeat(5),
      excerpt: '視聴者は自ら選んで動画を見ます。'.repeat(10),
      tags: ['動画', 'rewards'],
    })
    expect(tweetWeight(text)).toBeLessThanOrEqual(280)
  })
})
