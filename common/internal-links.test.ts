import { describe, expect, test } from 'vitest'
import { anchorCandidates, chooseAnchor, findAnchor, insertLink, linkedSlugs } from '#common/internal-links.ts'

const href = '/blog/rewarded-video'

describe('insertLink', () => {
  test('links the first plain occurrence, keeping the words as written', () => {
    const content = 'Intro.\n\nWe love Rewarded Video. More rewarded video later.'
    expect(insertLink(content, 'rewarded video', href)).toBe(
      `Intro.\n\nWe love [Rewarded Video](${href}). More rewarded video later.`,
    )
  })

  test('skips headings, code, existing links, images and URLs', () => {
    const content = [
      '## Rewarded video basics',
      'Setext rewarded video',
      '======',
      '```',
      'rewarded video in code',
      '```',
      '    rewarded video indented',
      'See [rewarded video](/blog/other) and ![rewarded video](/images/a.png) and `rewarded video`.',
      'Visit https://example.com/rewarded-video-guide or <https://x.test/rewarded video>.',
      'At last, rewarded video in plain text.',
    ].join('\n')
    const linked = insertLink(content, 'Rewarded video', href)
    expect(linked?.split('\n').at(-1)).toBe(`At last, [rewarded video](${href}) in plain text.`)
    expect(linked?.split('\n').slice(0, -1)).toEqual(content.split('\n').slice(0, -1))
  })

  test('matches whole words only, and across a run of spaces', () => {
    expect(insertLink('Videos are not video games.', 'video', href)).toBe(`Videos are not [video](${href}) games.`)
    expect(insertLink('rewarded   video', 'rewarded video', href)).toBe(`[rewarded   video](${href})`)
  })

  test('answers null when the phrase is only in places a link may not go', () => {
    expect(insertLink('# Rewarded video\n\n[rewarded video](/x)', 'rewarded video', href)).toBeNull()
    expect(findAnchor('anything', '   ')).toBeNull()
  })

  test('a phrase with regex characters is taken literally', () => {
    expect(insertLink('Try C++ (really) today.', 'C++ (really)', href)).toBe(`Try [C++ (really)](${href}) today.`)
  })
})

describe('anchors', () => {
  test('candidates: title, tags, runs of title words without stop words at the ends, long single words', () => {
    expect(anchorCandidates('The Future of Rewarded Video', ['ads', 'gaming'])).toEqual([
      'The Future of Rewarded Video',
      'ads',
      'gaming',
      'Future of Rewarded Video',
      'Future of Rewarded',
      'Rewarded Video',
      'Future',
      'Rewarded',
    ])
  })

  test('chooseAnchor takes the longest candidate found, as written in the content', () => {
    const content = 'Brands ask about rewarded VIDEO and the future.'
    expect(chooseAnchor(content, anchorCandidates('The Future of Rewarded Video', []))).toBe('rewarded VIDEO')
    expect(chooseAnchor('Nothing related here.', ['Rewarded Video'])).toBeNull()
  })

  test('linkedSlugs finds links to posts, relative or absolute', () => {
    const content = 'See [a](/blog/first-post), [b](https://example.com/blog/Second_Post) and [c](/about).'
    expect([...linkedSlugs(content)]).toEqual(['first-post', 'second_post'])
  })
})
