import { describe, expect, test } from 'vitest'
import { SHORT_CODE_PATTERN } from '#common/contract/x-posts.ts'
import { newShortCode, redirectTarget, shortUrlFor } from '#server/services/short-links.ts'

describe('short codes', () => {
  test('are 7 base62 characters', () => {
    for (let i = 0; i < 200; i++) {
      const code = newShortCode()
      expect(code).toMatch(/^[0-9A-Za-z]{7}$/)
      expect(SHORT_CODE_PATTERN.test(code)).toBe(true)
    }
  })

  test('10,000 codes are all distinct and use the whole alphabet', () => {
    const codes = Array.from({ length: 10_000 }, () => newShortCode())
    expect(new Set(codes).size).toBe(codes.length)
    expect(new Set(codes.join('')).size).toBe(62)
  })

  test('short URL and redirect target', () => {
    expect(shortUrlFor('https://vidquest.io', 'Ab3dE9z')).toBe('https://vidquest.io/s/Ab3dE9z')
    expect(redirectTarget('https://vidquest.io', { xPostId: 12, slug: 'rewarded-video', channel: 'x' })).toBe(
      'https://vidquest.io/blog/rewarded-video?utm_source=x&utm_medium=social&utm_campaign=x-post-12',
    )
    // Issue 29: each network its own source, and a campaign that names the social post.
    expect(redirectTarget('https://vidquest.io', { xPostId: 7, slug: 'rewarded-video', channel: 'linkedin' })).toBe(
      'https://vidquest.io/blog/rewarded-video?utm_source=linkedin&utm_medium=social&utm_campaign=linkedin-post-7',
    )
  })
})
