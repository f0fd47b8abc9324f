import { eq, inArray } from 'drizzle-orm'
import type { ReviewState } from '#common/contract/review.ts'
import type { RevisionReason } from '#common/contract/revisions.ts'
import type { ExportPost, ExportRedirect, ExportRevision } from '#common/contract/site-export.ts'
import type { Db } from '#server/db/client.ts'
import { postAuthors, postRevisions, redirects, users, xPosts } from '#server/db/schema.ts'
import { InvalidInputError } from '#server/services/errors.ts'
import { parseSiteExport, type SiteExport, SiteExportError } from '#server/services/export.ts'
import { storeImage } from '#server/services/images.ts'
import type { ImportedPost, ParsedImport } from '#server/services/import/types.ts'
import { restoreExportedColumns } from '#server/services/posts.ts'
import { checkAddresses, keepRedirect } from '#server/services/redirects.ts'

/**
 * Issue 31: this site's own export zip (server/services/export.ts) imported back, losslessly: every
 * post with all it stores (its view count, review state, planned unpublish, authors who have an
 * account here, social posts with their short links, revisions), its images and the redirects.
 * docs/decisions/065-import-and-redirects.md
 */

export interface OwnExport extends ParsedImport {
  site: SiteExport
}

/** The export's posts in the import's shape, each carrying the whole exported post along. */
export function readOwnExport(zip: Uint8Array): OwnExport | null {
  let site: SiteExport
  try {
    site = parseSiteExport(zip)
  } catch (error) {
    // A zip without posts.json is someone's Markdown; with a broken one, it is ours and refused.
    if (error instanceof SiteExportError && /has no posts\.json/.test(error.message)) return null
    throw error
  }
  const posts = site.posts.map(
    (post): ImportedPost => ({
      sourceId: post.slug,
      title: post.title,
      slug: post.slug,
      oldPaths: [],
      content: post.content,
      excerpt: post.excerpt,
      category: post.category,
      tags: post.tags,
      author: post.author,
      status: post.isPublished ? 'published' : post.scheduledAt ? 'scheduled' : 'draft',
      publishedAt: post.isPublished ? post.publishedAt : post.scheduledAt,
      featuredImage: post.featuredImage,
      featuredImageAlt: null,
      images: [],
      warnings: [],
      exact: post,
    }),
  )
  return { format: 'vidquest', siteUrl: site.site.publicUrl, posts, skipped: [], site }
}

/** The export's images, stored here (the same bytes keep the same /images/ address). */
export async function storeExportImages(db: Db, site: SiteExport): Promise<{ stored: number; failed: string[] }> {
  let stored = 0
  const failed: string[] = []
  for (const [path, bytes] of site.images) {
    try {
      await storeImage(db, bytes, path.split('/').pop() || 'image')
      stored += 1
    } catch (error) {
      failed.push(`${path}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { stored, failed }
}

/**
 * What createPost does not set: the post's counters, review state and times as exported, its
 * authors (those with an account here, by username), its social posts (a short code already taken
 * here is left out) and its revisions. In one transaction.
 */
export async function restoreExportedState(db: Db, postId: number, post: ExportPost, revisions: ExportRevision[]) {
  await db.transaction(async (tx) => {
    await restoreExportedColumns(tx, postId, {
      viewCount: post.viewCount,
      reviewState: post.reviewState as ReviewState | null,
      reviewNote: post.reviewNote,
      updatedAt: new Date(post.updatedAt),
      // A post unpublished after it was live keeps the day it first went live.
      publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
      ...(post.isPublished ? { unpublishAt: post.unpublishAt ? new Date(post.unpublishAt) : null } : {}),
    })
    const usernames = post.authors.map((a) => a.username)
    const accounts =
      usernames.length === 0
        ? []
        : await tx.select({ id: users.id }).from(users).where(inArray(users.username, usernames))
    if (accounts.length > 0) {
      await tx.delete(postAuthors).where(eq(postAuthors.postId, postId))
      await tx
        .insert(postAuthors)
        .values(accounts.map((a) => ({ postId, userId: a.id })))
        .onConflictDoNothing()
    }
    for (const social of post.socialPosts) {
      await tx
        .insert(xPosts)
        .values({
          blogPostId: postId,
          channel: social.channel,
          status: social.status,
          originalContent: social.originalContent,
          rewrittenContent: social.rewrittenContent,
          shortUrl: social.shortUrl,
          shortCode: social.shortCode,
          clickCount: social.clickCount,
          uniqueClickCount: social.uniqueClickCount,
          botClickCount: social.botClickCount,
          publishedAt: new Date(social.publishedAt),
          scheduledAt: social.scheduledAt ? new Date(social.scheduledAt) : null,
          postedAt: social.postedAt ? new Date(social.postedAt) : null,
          tweetUrl: social.tweetUrl,
          remoteUrl: social.remoteUrl,
          asThread: social.asThread,
          linkInReply: social.linkInReply,
          linkAt: social.linkAt,
        })
        .onConflictDoNothing({ target: xPosts.shortCode })
    }
    if (revisions.length > 0) {
      // The export's history replaces the one 'create' revision the import itself wrote.
      await tx.delete(postRevisions).where(eq(postRevisions.postId, postId))
      await tx.insert(postRevisions).values(
        revisions.map((r) => ({
          postId,
          reason: r.reason as RevisionReason,
          createdAt: new Date(r.createdAt),
          fields: r.fields,
        })),
      )
    }
  })
}

/** The export's redirects, each with its origin, hits and last hit; one the site answers itself is left out. */
export async function restoreRedirects(db: Db, list: ExportRedirect[]): Promise<number> {
  let kept = 0
  await db.transaction(async (tx) => {
    for (const redirect of list) {
      const checked = checkAddresses({ from: redirect.from, to: redirect.to })
      if (!checked.ok) continue
      const origin = redirect.origin === 'slug' || redirect.origin === 'import' ? redirect.origin : 'manual'
      let row: Awaited<ReturnType<typeof keepRedirect>>
      try {
        row = await keepRedirect(tx, checked.pair, { origin })
      } catch (error) {
        // One that would hide a post or loop here is left out; the others go in.
        if (error instanceof InvalidInputError) continue
        throw error
      }
      await tx
        .update(redirects)
        .set({ hits: redirect.hits, lastHitAt: redirect.lastHitAt ? new Date(redirect.lastHitAt) : null })
        .where(eq(redirects.id, row.id))
      kept += 1
    }
  })
  return kept
}
