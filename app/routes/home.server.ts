import type { ArticleCard } from '#app/features/landing/latest-articles.tsx'
import { pageContext } from '#app/lib/context.ts'
import { categoryLabel, coverImage, longUsDate, teaser } from '#common/text-rules.ts'
import { listPosts } from '#server/services/posts.ts'
import type { Route } from './+types/home'

/** SPEC §9: the landing page shows 3 articles. */
export const LANDING_ARTICLES = 3

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const posts = await listPosts(services.database.db, { published: true, includeDrafts: false })
  const articles: ArticleCard[] = posts.slice(0, LANDING_ARTICLES).map((p) => ({
    slug: p.slug,
    title: p.title,
    category: categoryLabel(p.category),
    teaser: teaser(p.excerpt),
    date: longUsDate(p.publishedAt),
    dateTime: p.publishedAt,
    // Only the cover leaves the server, never the body it may have been found in.
    cover: coverImage(p),
  }))
  return { articles, publicUrl: services.config.publicUrl }
}
