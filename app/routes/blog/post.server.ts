import { data } from 'react-router'
import { pageContext } from '#app/lib/context.ts'
import { getPostPage } from '#server/services/blog-pages.ts'
import type { Route } from './+types/post'
import { postPageMeta } from './post-meta.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, userId } = context.get(pageContext)
  const { config } = services
  const site = config.site
  // An admin may open a draft by its slug (the admin's View Post); visitors get 'Post Not Found'.
  const found = await getPostPage(services.database.db, params.slug, {
    includeDrafts: userId !== null,
    teamName: site.teamName,
  })
  if (!found) {
    return data(
      {
        found: null,
        meta: [{ title: `Post Not Found | ${site.brandName} Blog` }, { name: 'robots', content: 'noindex' }],
      },
      { status: 404 },
    )
  }
  return { found: { post: found.post }, meta: postPageMeta(found, config) }
}
