import { lazy } from 'react'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { AuthorHeader } from '#app/features/blog/author-header.tsx'
import { BlogPagination } from '#app/features/blog/blog-pagination.tsx'
import { PostCard } from '#app/features/blog/post-card.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import { authorPageHref } from '#common/contract/profile.ts'
import type { Route } from './+types/author'

export { loader } from './author.server.ts'

// Only an author with nothing published yet shows it (as /blog loads it). docs/decisions/037
const EmptyBlog = lazy(() => import('#app/features/blog/empty-blog.tsx').then((m) => ({ default: m.EmptyBlog })))

// Sent as HTML with one small script, without React, like /blog (app/root.tsx). docs/decisions/043
export const handle: RouteHandle = { hydrate: false }

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/** Issue 28: /blog/author/{slug}: who they are and their published posts, 12 a page. */
export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, posts, total, page, pageCount } = loaderData
  return (
    <SiteLayout className="bg-slate-50/60 pb-24">
      <AuthorHeader author={author} total={total} />
      <div className="mx-auto mt-12 max-w-6xl px-4 sm:px-6">
        {posts.length === 0 ? (
          <EmptyBlog filtered />
        ) : (
          <section aria-labelledby="author-articles">
            <h2 id="author-articles" className="text-2xl font-bold tracking-tight text-slate-900">
              Articles by {author.name}
            </h2>
            <div className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </div>
            <BlogPagination
              page={page}
              pageCount={pageCount}
              category={null}
              hrefFor={(n) => authorPageHref(author.slug, n)}
            />
          </section>
        )}
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
