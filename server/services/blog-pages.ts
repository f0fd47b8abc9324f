import { and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm'
import { featuredImageAlt } from '#common/alt-text.ts'
import {
  BLOG_PAGE_SIZE,
  type BlogListQuery,
  cardTags,
  hasFeatured,
  listCoverImage,
  metaDescription,
  pageCount,
  pageWindow,
  signedBy,
} from '#common/blog-rules.ts'
import { type Post, SLUG_PATTERN } from '#common/contract/posts.ts'
import type { PreviewValues } from '#common/contract/preview.ts'
import { authorPath, type PostAuthor } from '#common/contract/profile.ts'
import { type BlogCard, type BylineAuthor, POST_VIEW_FIELDS, type PostView } from '#common/contract/views.ts'
import { extractFaq, markdownToText, renderMarkdown } from '#common/markdown.ts'
import { categoryLabel, coverImage, teaser } from '#common/text-rules.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'
import { authorPosts, authorsOf, findAuthor } from '#server/services/authors.ts'
import { getPostById, getPostBySlug, newestFirst, toPost } from '#server/services/posts.ts'

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

/** Issue 28: the staff who wrote it, each with their page when they have one. */
export function bylineOf(authors: readonly PostAuthor[] | undefined): BylineAuthor[] {
  return (authors ?? []).map((a) => ({ name: a.name, path: a.slug ? authorPath(a.slug) : null }))
}

/**
 * What a card and a post page show alike: one mapping of the byline, category and counts. Issue 28:
 * the free-text author, when there is one, signs the post (a guest, the seed's posts); else its
 * staff authors, linked to their pages; else the team. docs/decisions/048-author-profiles.md
 */
function shared(post: Post, teamName: string, authors: readonly PostAuthor[] | undefined) {
  const byline = post.author?.trim() ? [] : bylineOf(authors)
  return {
    slug: post.slug,
    title: post.title,
    author: signedBy(post.author, byline, teamName),
    byline,
    category: post.category?.trim().toLowerCase() || null,
    categoryLabel: categoryLabel(post.category),
    viewCount: post.viewCount,
    publishedAt: post.publishedAt,
  }
}

/** A post page's share of `shared`: the byline's people as `authors`. */
function sharedView(post: Post, teamName: string, authors: readonly PostAuthor[] | undefined) {
  const { byline, ...rest } = shared(post, teamName, authors)
  return { ...rest, authors: byline }
}

export function toCard(post: Post, teamName: string, authors?: readonly PostAuthor[]): BlogCard {
  const excerpt = excerptOf(post)
  const { byline: _byline, ...common } = shared(post, teamName, authors)
  return {
    ...common,
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
  return cardsOf(db, await latestPublished(db, n), teamName)
}

/** Rows as cards, each with its byline (one query for all their authors). */
export async function cardsOf(db: Db, rows: (typeof blogPosts.$inferSelect)[], teamName: string): Promise<BlogCard[]> {
  const authors = await authorsOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => toCard(toPost(row), teamName, authors.get(row.id)))
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
  const cards = await cardsOf(db, rows, teamName)
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
  return postPageOf(post, teamName, (await authorsOf(db, [post.id])).get(post.id))
}

/** What a post's page shows of it: one mapping for the public page and the editor's preview. */
export function postPageOf(post: Post, teamName: string, authors: readonly PostAuthor[] | undefined): PostPageData {
  const text = markdownToText(post.content)
  return {
    post: {
      ...sharedView(post, teamName, authors),
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

/**
 * Issue 32: the editor's unsaved values as the post's public page would show them once saved
 * (docs/decisions/053-post-preview.md). A saved post (`id`) keeps its byline's staff, dates,
 * views and state; a new one is a draft by the team, dated now. An image from another host is
 * left out: a save keeps it on this site (decision 023), and the preview requests no other host.
 */
export async function previewPostPage(db: Db, input: PreviewValues, teamName: string, now = new Date()) {
  const saved = input.id === undefined ? null : await getPostById(db, input.id)
  const base: Post = saved ?? {
    ...NEW_POST,
    slug: 'preview',
    publishedAt: null,
    updatedAt: now.toISOString(),
  }
  const featuredImage = input.featuredImage.trim()
  const post: Post = {
    ...base,
    title: input.title.trim(),
    slug: SLUG_PATTERN.test(input.slug.trim()) ? input.slug.trim() : base.slug,
    excerpt: input.excerpt.trim() || null,
    content: input.content,
    featuredImage: featuredImage.startsWith('/') ? featuredImage : null,
    category: input.category.trim() || null,
    tags: input.tags,
    author: input.author.trim() || null,
    imageAlts: input.imageAlts,
    // What a save now would stamp: the page shows the publication date, else 'Recently'.
    updatedAt: now.toISOString(),
  }
  const authors = saved ? (await authorsOf(db, [saved.id])).get(saved.id) : undefined
  return postPageOf(post, teamName, authors)
}

/** The fields a post that is not saved yet has before its form's values. */
const NEW_POST: Omit<Post, 'slug' | 'publishedAt' | 'updatedAt'> = {
  id: 0,
  title: '',
  excerpt: null,
  content: '',
  featuredImage: null,
  images: [],
  aiGenerated: false,
  category: null,
  tags: [],
  author: null,
  isPublished: false,
  viewCount: 0,
  sourceUrl: null,
  sourceTitle: null,
  imageAlts: {},
  focusKeyword: null,
  scheduledAt: null,
  unpublishAt: null,
  reviewState: null,
  reviewNote: null,
  reviewRequestedAt: null,
  reviewRequestedBy: null,
  version: 1,
  updatedBy: null,
}

export interface AuthorPageData {
  author: { name: string; slug: string; bio: string | null; avatar: string | null }
  posts: BlogCard[]
  total: number
  page: number
  pageCount: number
}

/**
 * Issue 28: /blog/author/{slug}: the person and one page of their published posts (12 a page).
 * Null when no member of staff has that slug; a person with no published post yet has a page.
 */
export async function getAuthorPage(
  db: Db,
  slug: string,
  page: number,
  teamName: string,
): Promise<AuthorPageData | null> {
  const author = await findAuthor(db, slug)
  if (!author) return null
  const { rows, total } = await authorPosts(db, author.id, page)
  const { id: _id, ...shown } = author
  return {
    author: shown,
    posts: await cardsOf(db, rows, teamName),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
  }
}
