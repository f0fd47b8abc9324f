import { and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm'
import { featuredImageAlt } from '#common/alt-text.ts'
import {
  authorName,
  type BlogListQuery,
  cardTags,
  hasFeatured,
  listCoverImage,
  metaDescription,
  pageCount,
  pageWindow,
} from '#common/blog-rules.ts'
import type { Post } from '#common/contract/posts.ts'
import { type BlogCard, POST_VIEW_FIELDS, type PostView } from '#common/contract/views.ts'
import { extractFaq, markdownToText, renderMarkdown } from '#common/markdown.ts'
import { categoryLabel, coverImage, teaser } from '#common/text-rules.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import { getPostBySlug, newestFirst, toPost } from '#server/services/posts.ts'

export interface BlogPage {
  featured: BlogCard | null
  posts: BlogCard[]
  total: number
  page: number
  pageCount: number
  /** Distinct categories of published posts, as stored slugs, alphabetical. */
  categories: string[]
}

const categoryKey = sql<string>`lower(trim(${blogPosts.category}))`

function excerptOf(post: Post): string {
  const given = post.excerpt?.replace(/\s+/g, ' ').trim()
  return given ? given : markdownToText(post.content).slice(0, 400)
}

/** These fields of an object, as they are. */
function pick<T, K extends keyof T>(from: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, from[name]])) as Pick<T, K>
}

/** What a card and a post page show alike: one mapping of the byline, category and counts. */
function shared(post: Post, teamName: string) {
  return {
    slug: post.slug,
    title: post.title,
    author: authorName(post.author, teamName),
    category: post.category?.trim().toLowerCase() || null,
    categoryLabel: categoryLabel(post.category),
    viewCount: post.viewCount,
    publishedAt: post.publishedAt,
  }
}

export function toCard(post: Post, teamName: string): BlogCard {
  const excerpt = excerptOf(post)
  return {
    ...shared(post, teamName),
    excerpt,
    teaser: teaser(excerpt),
    tags: cardTags(post.tags),
    image: listCoverImage(coverImage(post)),
  }
}

/** The newest `n` published rows, by SQL LIMIT: the landing page's latest articles, the RSS feed. */
export const latestPublished = (db: Db, n: number) =>
  db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst)
    .limit(n)

/** The newest `n` published posts as cards (the landing page's latest articles). */
export async function latestCards(db: Db, n: number, teamName: string): Promise<BlogCard[]> {
  return (await latestPublished(db, n)).map((row) => toCard(toPost(row), teamName))
}

/** One page of the public list: published posts only, newest first, optionally one category. */
export async function listBlogPage(db: Db, query: BlogListQuery, teamName: string): Promise<BlogPage> {
  const conditions: SQL[] = [eq(blogPosts.isPublished, true)]
  if (query.category !== null) conditions.push(sql`${categoryKey} = ${query.category}`)
  const where = and(...conditions)
  const { offset, limit } = pageWindow(query)
  const [rows, [totals], categoryRows] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(blogPosts).where(where),
    db
      .selectDistinct({ category: categoryKey })
      .from(blogPosts)
      .where(
        and(eq(blogPosts.isPublished, true), isNotNull(blogPosts.category), ne(sql`trim(${blogPosts.category})`, '')),
      )
      .orderBy(asc(categoryKey)),
  ])
  const cards = rows.map((row) => toCard(toPost(row), teamName))
  const featured = hasFeatured(query) ? (cards.shift() ?? null) : null
  const total = Number(totals?.n ?? 0)
  return {
    featured,
    posts: cards,
    total,
    page: query.page,
    pageCount: pageCount(total, query.category),
    categories: categoryRows.map((r) => r.category).filter((c): c is string => Boolean(c)),
  }
}

export interface PostPageData {
  post: PostView
  /** For the meta description: the excerpt, else the start of the body text. */
  description: string
  faq: { question: string; answer: string }[]
  wordCount: number
}

/** A post for its public page; drafts only for a signed-in admin. Null when there is none. */
export async function getPostPage(
  db: Db,
  slug: string,
  { includeDrafts, teamName }: { includeDrafts: boolean; teamName: string },
): Promise<PostPageData | null> {
  const post = await getPostBySlug(db, slug, { includeDrafts })
  if (!post) return null
  const text = markdownToText(post.content)
  return {
    post: {
      ...shared(post, teamName),
      ...pick(post, POST_VIEW_FIELDS),
      excerpt: post.excerpt?.trim() ?? '',
      tags: post.tags.filter((t) => t.trim() !== ''),
      featuredImage: post.featuredImage?.trim() || null,
      featuredImageAlt: featuredImageAlt(post),
      html: renderMarkdown(post.content),
    },
    description: metaDescription(post.excerpt?.trim() || text),
    faq: extractFaq(post.content),
    wordCount: text === '' ? 0 : text.split(' ').length,
  }
}
