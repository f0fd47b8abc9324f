import { describe, expect, test } from 'vitest'
import {
  categoryOptions,
  createdLabel,
  filterPosts,
  isScheduled,
  type ListedPost,
  matchesStatus,
  summarize,
} from '#app/features/posts/post-list-rules.ts'

const post = (over: Partial<ListedPost>): ListedPost => ({
  id: 1,
  slug: 'a',
  title: 'A title',
  excerpt: null,
  author: null,
  category: null,
  featuredImage: null,
  isPublished: true,
  aiGenerated: false,
  viewCount: 0,
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  scheduledAt: null,
  reviewState: null,
  ...over,
})

const posts = [
  post({ id: 1, title: 'Rewarded Video 101', category: 'technology', author: 'Ada' }),
  post({ id: 2, title: 'Q3 numbers', excerpt: 'Gen Z loves REWARDS.', category: 'market-trends' }),
  post({
    id: 3,
    title: 'Launch',
    author: 'Rewardo Bot',
    category: 'technology',
    isPublished: false,
    aiGenerated: true,
  }),
  post({ id: 4, title: 'Untitled draft', isPublished: false }),
]
const ids = (list: ListedPost[]) => list.map((p) => p.id)

describe('filterPosts', () => {
  test('search matches title, excerpt or author, ignoring case', () => {
    expect(ids(filterPosts(posts, { search: 'reward', category: 'all' }))).toEqual([1, 2, 3])
    expect(ids(filterPosts(posts, { search: '  ADA ', category: 'all' }))).toEqual([1])
  })

  test('an empty search with all categories keeps every post', () => {
    expect(ids(filterPosts(posts, { search: '', category: 'all' }))).toEqual([1, 2, 3, 4])
  })

  test('the category must equal the selected one', () => {
    expect(ids(filterPosts(posts, { search: '', category: 'technology' }))).toEqual([1, 3])
    expect(ids(filterPosts(posts, { search: 'q3', category: 'technology' }))).toEqual([])
  })
})

test('the summary counts total, published, drafts and AI generated posts', () => {
  expect(summarize(posts)).toEqual({ total: 4, published: 2, drafts: 2, aiGenerated: 1 })
  expect(summarize([])).toEqual({ total: 0, published: 0, drafts: 0, aiGenerated: 0 })
})

test('category options are the distinct categories, labelled with spaces and capitals', () => {
  expect(categoryOptions(posts)).toEqual([
    { value: 'market-trends', label: 'Market Trends' },
    { value: 'technology', label: 'Technology' },
  ])
})

describe('createdLabel', () => {
  const now = new Date('2026-01-01T01:00:00.000Z')
  test('reads publishedAt first', () => {
    expect(createdLabel({ publishedAt: '2026-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00Z' }, now)).toBe(
      'about 1 hour ago',
    )
  })
  test('falls back to updatedAt', () => {
    expect(createdLabel({ publishedAt: null, updatedAt: '2026-01-01T00:55:00.000Z' }, now)).toBe('5 minutes ago')
  })
  test("says 'Unknown' when both are missing and 'Invalid date' when unparseable", () => {
    expect(createdLabel({ publishedAt: null, updatedAt: '' }, now)).toBe('Unknown')
    expect(createdLabel({ publishedAt: 'not a date', updatedAt: '' }, now)).toBe('Invalid date')
  })
})

describe('status filter (issue 14: scheduled drafts)', () => {
  const scheduled = post({ id: 5, isPublished: false, scheduledAt: '2026-12-01T08:00:00.000Z' })
  const list = [...posts, scheduled]
  const by = (status: Parameters<typeof matchesStatus>[1]) => ids(list.filter((p) => matchesStatus(p, status)))

  test('Scheduled shows only drafts with a publish time', () => {
    expect(by('scheduled')).toEqual([5])
    expect(isScheduled(scheduled)).toBe(true)
  })

  test('a scheduled post is still a draft until due; Published and All as before', () => {
    expect(by('draft')).toEqual([3, 4, 5])
    expect(by('published')).toEqual([1, 2])
    expect(by('all')).toEqual([1, 2, 3, 4, 5])
  })

  test('In review and Changes requested show the drafts where review left them', () => {
    const reviewed = [
      post({ id: 6, isPublished: false, reviewState: 'in_review' }),
      post({ id: 7, isPublished: false, reviewState: 'changes_requested' }),
      post({ id: 8, isPublished: true, reviewState: 'changes_requested' }),
    ]
    const of = (status: Parameters<typeof matchesStatus>[1]) =>
      ids([...list, ...reviewed].filter((p) => matchesStatus(p, status)))
    expect(of('in_review')).toEqual([6])
    expect(of('changes_requested')).toEqual([7])
  })

  test('a published post with a leftover publish time is not scheduled', () => {
    expect(isScheduled(post({ isPublished: true, scheduledAt: '2026-12-01T08:00:00.000Z' }))).toBe(false)
  })
})
