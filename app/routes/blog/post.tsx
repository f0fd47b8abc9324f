import { BlogFooter } from '#app/features/blog/blog-footer.tsx'
import { BlogHeader } from '#app/features/blog/blog-header.tsx'
import { PostArticle } from '#app/features/blog/post-article.tsx'
import { PostNotFound } from '#app/features/blog/post-not-found.tsx'
import type { Route } from './+types/post'

export { loader } from './post.server.ts'

// Built on the server by the loader (common/seo.ts), so no SEO code is sent to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [{ title: 'Post Not Found' }]

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BlogHeader />
      <main id="main">{loaderData.found ? <PostArticle post={loaderData.found.post} /> : <PostNotFound />}</main>
      <BlogFooter />
    </>
  )
}

export function ErrorBoundary() {
  return (
    <>
      <BlogHeader />
      <main id="main">
        <PostNotFound />
      </main>
    </>
  )
}
