import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { LinkSuggestion } from '#common/contract/posts.ts'
import { anchorCandidates, chooseAnchor, linkedSlugs } from '#common/internal-links.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema.ts'

/**
 * Issue 15 §4: published posts related to a post, by PostgreSQL full-text search (the same SQL
 * on PGlite), each with a phrase of this post that can carry the link.
 * docs/decisions/034-alt-text-and-internal-links.md
 */

export const LINK_SUGGESTIONS_MAX = 5
/** A tsvector holds at most 1 MB and a post can be far longer: its opening says what it is about. */
const CONTENT_INDEXED = 20_000
/** The post's most frequent lexemes (stop words are gone already) make the query. */
const QUERY_TERMS = 16
/** Related posts looked at, before those without a place for the link (or linked already) drop out. */
const CANDIDATES = 20

const documentOf = (post: typeof blogPosts) =>
  sql`setweight(to_tsvector('english', ${post.title}), 'A')
    || setweight(to_tsvector('english', coalesce(${post.excerpt}, '')), 'B')
    || setweight(to_tsvector('english', left(${post.content}, ${CONTENT_INDEXED})), 'D')`

/** null when there is no such post. */
export async function linkSuggestions(db: Db, postId: number): Promise<LinkSuggestion[] | null> {
  const [post] = await db
    .select({ content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId))
    .limit(1)
  if (!post) return null

  // Title words count three times: a post is about what its title says.
  const terms = (await db.execute(sql`
    select t.lexeme from ${blogPosts}, unnest(${documentOf(blogPosts)}) as t(lexeme, positions, weights)
    where ${blogPosts.id} = ${postId}
    order by coalesce(array_length(t.positions, 1), 1) + 2 * (case when 'A' = any(t.weights) then 1 else 0 end) desc,
      t.lexeme
    limit ${QUERY_TERMS}`)) as unknown as { rows: { lexeme: string }[] }
  // Plain words only, so the tsquery text needs no quoting; stemmed lexemes go in as they are.
  const words = terms.rows.map((r) => r.lexeme).filter((w) => /^[\p{L}\p{N}]{2,}$/u.test(w))
  if (words.length === 0) return []
  const query = sql`${words.join(' | ')}::tsquery`

  const rank = sql`ts_rank(${documentOf(blogPosts)}, ${query})`
  const related = await db
    .select({ postId: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, tags: blogPosts.tags })
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), ne(blogPosts.id, postId), sql`${documentOf(blogPosts)} @@ ${query}`))
    .orderBy(desc(rank), desc(blogPosts.id))
    .limit(CANDIDATES)

  const linked = linkedSlugs(post.content)
  const suggestions: LinkSuggestion[] = []
  for (const other of related) {
    if (linked.has(other.slug.toLowerCase())) continue
    const anchorText = chooseAnchor(post.content, anchorCandidates(other.title, other.tags))
    if (anchorText === null) continue
    suggestions.push({ postId: other.postId, title: other.title, slug: other.slug, anchorText })
    if (suggestions.length === LINK_SUGGESTIONS_MAX) break
  }
  return suggestions
}
