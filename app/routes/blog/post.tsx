import { lazy } from 'react'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { PostArticle } from '#app/features/blog/post-article.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import type { Route } from './+types/post'

// Only an unknown slug shows it: fetched then, not with every post. Without a Suspense boundary,
// React keeps the current screen (or the server's HTML) until it arrives. docs/decisions/037
const PostNotFound = lazy(() =>
  import('#app/features/blog/post-not-found.tsx').then((m) => ({ default: m.PostNotFound })),
)

export { loader } from './post.server.ts'

// Sent as HTML with one small script, without React (app/root.tsx). docs/decisions/043
export const handle: RouteHandle = { hydrate: false }

// Built on the server by the loader (common/seo.ts), so no SEO code is sent to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [{ title: 'Post Not Found' }]

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <SiteLayout>{loaderData.found ? <PostArticle post={loaderData.found.post} /> : <PostNotFound />}</SiteLayout>
}

export function ErrorBoundary() {
  return (
    <SiteLayout>
      <PostNotFound />
    </SiteLayout>
  )
}
