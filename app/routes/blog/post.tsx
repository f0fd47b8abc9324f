import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { PostArticle } from '#app/features/blog/post-article.tsx'
import { PostNotFound } from '#app/features/blog/post-not-found.tsx'
import type { Route } from './+types/post'

export { loader } from './post.server.ts'

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
