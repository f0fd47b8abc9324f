import type { Post } from '#common/contract/posts.ts'

/**
 * The view models of the public pages, computed on the server (server/services/blog-pages.ts and
 * the routes' loaders) and rendered by the components: no post body reaches a list, and no
 * component imports a server module for its props.
 */

/** What a list card shows; never the post body (it can be megabytes of embedded images). */
export interface BlogCard {
  slug: string
  title: string
  /** The whole excerpt (the featured card shows it). */
  excerpt: string
  /** First sentence of the excerpt, or its first 100 characters and '...' (docs/product.md §2). */
  teaser: string
  author: string
  /** The stored slug ('market-trends') and its label ('Market Trends'). */
  category: string | null
  categoryLabel: string
  tags: string[]
  viewCount: number
  publishedAt: string | null
  image: string | null
}

/** What a landing article card needs (docs/product.md §2 latest articles). */
export interface ArticleCard {
  slug: string
  title: string
  /** Display label; 'Article' when the post has no category. */
  category: string
  teaser: string
  /** Long US date, e.g. 'November 21, 2026'; empty when unknown. */
  date: string
  dateTime: string | null
  cover: string | null
}

/**
 * The post's fields a public post page shows exactly as they are stored: a new field of posts
 * that the page shows as it is only needs its name here (getPostPage copies them).
 */
export const POST_VIEW_FIELDS = ['id', 'slug', 'title', 'viewCount', 'publishedAt', 'updatedAt', 'isPublished'] as const

/** Issue 28: one person of a public byline, with their author page when they have one. */
export interface BylineAuthor {
  name: string
  path: string | null
}

export type PostView = Pick<Post, (typeof POST_VIEW_FIELDS)[number]> & {
  excerpt: string
  /** The byline in words: the staff authors ('A and B'), else the free-text author or the team. */
  author: string
  /** The staff authors in byline order; empty for a post that has none (the free text shows). */
  authors: BylineAuthor[]
  category: string | null
  categoryLabel: string
  tags: string[]
  featuredImage: string | null
  /** Issue 15: the writer's alt text ('' = decorative), else the title. */
  featuredImageAlt: string
  /** The body rendered (and sanitized) on the server. */
  html: string
}
