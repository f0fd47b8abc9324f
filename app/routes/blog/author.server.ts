import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import { blogBreadcrumbJsonLd } from '#app/routes/blog/breadcrumb.server.ts'
import { parseBlogListQuery } from '#common/blog-rules.ts'
import { AUTHOR_SLUG_MAX, AUTHOR_SLUG_PATTERN, authorPageHref, authorPath } from '#common/contract/profile.ts'
import {
  BLOG_OG_IMAGE_PATH,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  organizationJsonLd,
  pageMeta,
  personJsonLd,
} from '#common/seo.ts'
import { getAuthorPage } from '#server/services/blog-pages.ts'
import type { Route } from './+types/author'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const { config } = services
  const site = config.site
  const slug = params.slug
  const { page } = parseBlogListQuery(new URL(request.url).searchParams)
  const found =
    slug.length <= AUTHOR_SLUG_MAX && AUTHOR_SLUG_PATTERN.test(slug)
      ? await getAuthorPage(services.database.db, slug, page, site.teamName)
      : null
  // No such author, or a page past the end of their posts (page 1 always exists: 'No posts yet').
  if (!found || page > found.pageCount) throw data(null, { status: 404 })

  const { author } = found
  const path = authorPageHref(author.slug, page)
  const description = author.bio ?? `Articles by ${author.name} on the ${site.brandName} blog.`
  const meta = pageMeta({
    title: [author.name, page > 1 ? `Page ${page}` : null, `${site.brandName} Blog`].filter(Boolean).join(' | '),
    description,
    path,
    publicUrl: config.publicUrl,
    site,
    type: 'website',
    image: author.avatar
      ? { url: author.avatar, alt: author.name }
      : { url: BLOG_OG_IMAGE_PATH, alt: `${site.brandName} blog`, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT },
    // Nothing to read yet: not worth a search result (nor is it in the sitemap).
    noindex: found.total === 0,
    prev: page > 1 ? authorPageHref(author.slug, page - 1) : null,
    next: page < found.pageCount ? authorPageHref(author.slug, page + 1) : null,
    jsonLd: [
      personJsonLd(
        { name: author.name, path: authorPath(author.slug), bio: author.bio, image: author.avatar },
        site,
        config.publicUrl,
      ),
      blogBreadcrumbJsonLd({ name: author.name, path: authorPath(author.slug) }, config.publicUrl),
      organizationJsonLd(site, config.publicUrl),
    ],
  })
  return {
    ...found,
    meta: [
      ...meta,
      {
        tagName: 'link' as const,
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${author.name} | ${site.brandName} Blog`,
        href: `${authorPath(author.slug)}/rss.xml`,
      },
    ],
  }
}
