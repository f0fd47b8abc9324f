import { formatDate, type Reader } from '#app/lib/dates.ts'
import type { PostFilter } from '#app/lib/post-queries.ts'
import type { Post } from '#common/contract/posts.ts'
import { categoryLabel, relativeTime } from '#common/text-rules.ts'

/** The fields of a post the management list reads (docs/product.md §7). */
export type ListedPost = Pick<
  Post,
  | 'id'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'author'
  | 'category'
  | 'featuredImage'
  | 'isPublished'
  | 'aiGenerated'
  | 'viewCount'
  | 'publishedAt'
  | 'updatedAt'
  | 'scheduledAt'
  | 'reviewState'
>

export const ALL_CATEGORIES = 'all'

export interface ListFilters {
  search: string
  /** A category slug, or 'all'. */
  category: string
}

/**
 * docs/product.md §5 (client side): the search matches title, excerpt or author, case-insensitive; the
 * category equals the selected one, or any when 'all'. (The status filter is the list query's
 * `published=` parameter, docs/product.md §7.)
 */
export function filterPosts<P extends ListedPost>(posts: readonly P[], { search, category }: ListFilters): P[] {
  const needle = search.trim().toLowerCase()
  return posts.filter((p) => {
    if (category !== ALL_CATEGORIES && p.category !== category) return false
    if (needle === '') return true
    return [p.title, p.excerpt, p.author].some((field) => field?.toLowerCase().includes(needle))
  })
}

/** Issue 14: a draft with a publish time goes live by itself. */
export const isScheduled = (post: Pick<ListedPost, 'isPublished' | 'scheduledAt'>) =>
  !post.isPublished && post.scheduledAt !== null

/**
 * The status filter: published, drafts (scheduled ones included: they are drafts until due) or
 * scheduled only. The server answers 'published=' already; this also filters the previous answer
 * shown while another status loads.
 */
export function matchesStatus(
  post: Pick<ListedPost, 'isPublished' | 'scheduledAt' | 'reviewState'>,
  status: PostFilter,
): boolean {
  switch (status) {
    case 'all':
      return true
    case 'published':
      return post.isPublished
    case 'draft':
      return !post.isPublished
    case 'scheduled':
      return isScheduled(post)
    case 'in_review':
    case 'changes_requested':
      return !post.isPublished && post.reviewState === status
  }
}

export interface PostSummary {
  total: number
  published: number
  drafts: number
  aiGenerated: number
}

/** The four summary cards of docs/product.md §2/§9. */
export function summarize(posts: readonly ListedPost[]): PostSummary {
  const published = posts.filter((p) => p.isPublished).length
  return {
    total: posts.length,
    published,
    drafts: posts.length - published,
    aiGenerated: posts.filter((p) => p.aiGenerated).length,
  }
}

/** 'All Categories' plus each distinct category, labelled as the public site does, A to Z. */
export function categoryOptions(posts: readonly ListedPost[]): { value: string; label: string }[] {
  const slugs = [...new Set(posts.map((p) => p.category?.trim()).filter((c): c is string => Boolean(c)))]
  return slugs
    .map((value) => ({ value, label: categoryLabel(value, value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
}

/** docs/product.md §2: relative time from publishedAt, else updatedAt; 'Unknown' or 'Invalid date'. */
export function createdLabel(post: Pick<ListedPost, 'publishedAt' | 'updatedAt'>, now?: Date): string {
  return relativeTime(post.publishedAt ?? post.updatedAt, 'Unknown', now)
}

/** The exact moment behind the relative time, for its tooltip; null when there is none. */
export function createdExact(post: Pick<ListedPost, 'publishedAt' | 'updatedAt'>, reader: Reader): string | null {
  const value = post.publishedAt ?? post.updatedAt
  if (!value || Number.isNaN(new Date(value).getTime())) return null
  return formatDate(value, 'moment', reader)
}
