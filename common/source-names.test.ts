import { describe, expect, test } from 'vitest'
import { namedSources, sourceName } from '#common/source-names.ts'

describe('sourceName (issue 27 §14)', () => {
  test.each([
    ['x', 'X'],
    ['twitter', 'X'],
    ['t.co', 'X'],
    ['mobile.twitter.com', 'X'],
    ['linkedin', 'LinkedIn'],
    ['www.linkedin.com', 'LinkedIn'],
    ['lnkd.in', 'LinkedIn'],
    ['google', 'Google'],
    ['www.google.com', 'Google'],
    ['www.google.co.uk', 'Google'],
    ['www.google.de', 'Google'],
    ['www.bing.com', 'Bing'],
    ['duckduckgo.com', 'DuckDuckGo'],
    ['l.facebook.com', 'Facebook'],
    ['out.reddit.com', 'Reddit'],
    ['news.ycombinator.com', 'Hacker News'],
    ['direct', 'Direct'],
    ['', 'Direct'],
  ])('%j → %s', (source, name) => {
    expect(sourceName(source)).toBe(name)
  })

  test('another site keeps its host without www.; another campaign tag gets a capital', () => {
    expect(sourceName('www.example.com')).toBe('example.com')
    expect(sourceName('blog.example.org')).toBe('blog.example.org')
    expect(sourceName('newsletter')).toBe('Newsletter')
  })

  test('a lookalike is not the site it imitates', () => {
    expect(sourceName('notx.com')).toBe('notx.com')
    expect(sourceName('google.evil.com')).toBe('google.evil.com')
    expect(sourceName('t.co.example.com')).toBe('t.co.example.com')
  })
})

test('namedSources adds up the rows of one source, most views first', () => {
  expect(
    namedSources([
      { source: 'news.ycombinator.com', views: 2, leads: 0 },
      { source: 'x', views: 3, leads: 1, subscribers: 1 },
      { source: 't.co', views: 1, leads: 0, subscribers: 2 },
      { source: 'direct', views: 4, leads: 0 },
    ]),
  ).toEqual([
    { name: 'X', views: 4, leads: 1, subscribers: 3 },
    { name: 'Direct', views: 4, leads: 0, subscribers: 0 },
    { name: 'Hacker News', views: 2, leads: 0, subscribers: 0 },
  ])
})
