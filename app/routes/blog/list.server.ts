import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import { blogBreadcrumbJsonLd } from '#app/routes/blog/breadcrumb.server.ts'
import { blogListHref, parseBlogListQuery } from '#common/blog-rules.ts'
import {
  BLOG_OG_IMAGE_PATH,
  blogJsonLd,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  organizationJsonLd,
  pageMeta,
} from '#common/seo.ts'
import { categoryLabel } from '#common/text-rules.ts'
import { listBlogPage } from '#server/services/blog-pages.ts'
import type { Route } from './+types/list'

const DESCRIPTION =
  'News, research and playbooks on rewarded video advertising: how brands use video quests to turn viewers into customers.'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const { config } = services
  const site = config.site
  const query = parseBlogListQuery(new URL(request.url).searchParams)
  const page = await listBlogPage(services.database.db, query, site.teamName)
  // A page past the end does not exist (an empty first page does: it shows 'No posts yet').
  if (query.page > page.pageCount) throw data(null, { status: 404 })

  const label = query.category ? categoryLabel(query.category) : null
  const path = blogListHref(query)
  const title = [
    label ? `${label} Articles` : 'Industry News and Articles',
    query.page > 1 ? `Page ${query.page}` : null,
    `${site.brandName} Blog`,
  ]
    .filter(Boolean)
    .join(' | ')
  const description = label ? `${label} articles from the ${site.brandName} blog. ${DESCRIPTION}` : DESCRIPTION
  const listed = [...(page.featured ? [page.featured] : []), ...page.posts]
  const meta = pageMeta({
    title,
    description,
    path,
    publicUrl: config.publicUrl,
    site,
    type: 'website',
    image: { url: BLOG_OG_IMAGE_PATH, alt: `${site.brandName} blog`, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT },
    prev: query.page > 1 ? blogListHref({ category: query.category, page: query.page - 1 }) : null,
    next: query.page < page.pageCount ? blogListHref({ category: query.category, page: query.page + 1 }) : null,
    jsonLd: [
      blogJsonLd(listed, site, config.publicUrl, { path, description }),
      blogBreadcrumbJsonLd(
        label ? { name: label, path: blogListHref({ category: query.category }) } : null,
        config.publicUrl,
      ),
      organizationJsonLd(site, config.publicUrl),
    ],
  })
  return { ...page, category: query.category, meta }
}
