import { lazy } from 'react'
import { useNavigation } from 'react-router'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { SubscribeForm } from '#app/components/subscribe/subscribe-form.tsx'
import { BlogListHero } from '#app/features/blog/blog-list-hero.tsx'
import { BlogPagination } from '#app/features/blog/blog-pagination.tsx'
import { CategoryChips } from '#app/features/blog/category-chips.tsx'
import { FeaturedPostCard } from '#app/features/blog/featured-post-card.tsx'
import { PostCard } from '#app/features/blog/post-card.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import { BLOG_SKELETON_CARDS } from '#common/blog-rules.ts'
import type { Route } from './+types/list'

export { loader } from './list.server.ts'

// Sent as HTML with one small script, without React (app/root.tsx). docs/decisions/043
export const handle: RouteHandle = { hydrate: false }

// Neither is needed to show the list, so neither comes with it. Without a Suspense boundary React
// keeps the current screen (or the server's HTML) until the module arrives. docs/decisions/037
// The skeleton is shown while a chip or a page of the list loads: it is fetched as soon as the
// pointer or the focus reaches the list, before any such click.
const loadSkeleton = () => import('#app/features/blog/post-card-skeleton.tsx')
const BlogGridSkeleton = lazy(() => loadSkeleton().then((m) => ({ default: m.BlogGridSkeleton })))
// Only a category without posts (or a blog before its first post) shows it.
const EmptyBlog = lazy(() => import('#app/features/blog/empty-blog.tsx').then((m) => ({ default: m.EmptyBlog })))

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  const { featured, posts, categories, category, page, pageCount } = loaderData
  const navigation = useNavigation()
  // Client navigation within the list (a chip, a page): skeleton cards until the data arrives.
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/blog'
  const pendingCategory = pending ? new URLSearchParams(navigation.location.search).get('category') : category
  const empty = !featured && posts.length === 0
  return (
    <SiteLayout className="bg-slate-50/60 pb-24">
      <BlogListHero />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: fetches the skeleton's code ahead of a click; nothing to operate */}
      <div className="mx-auto max-w-6xl px-4 sm:px-6" onPointerEnter={loadSkeleton} onFocus={loadSkeleton}>
        <div className="relative z-10 -mt-6 rounded-2xl border bg-white p-3 shadow-sm sm:p-4">
          <CategoryChips categories={categories} active={pendingCategory ?? null} />
        </div>
        <div className="mt-10" aria-busy={pending}>
          {pending ? (
            <BlogGridSkeleton count={BLOG_SKELETON_CARDS} />
          ) : empty ? (
            <EmptyBlog filtered={category !== null} />
          ) : (
            <>
              {featured ? <FeaturedPostCard post={featured} /> : null}
              {posts.length > 0 ? (
                <section aria-labelledby="more-articles" className={featured ? 'mt-16' : undefined}>
                  <h2 id="more-articles" className="text-2xl font-bold tracking-tight text-slate-900">
                    {featured ? 'More Articles' : 'Articles'}
                  </h2>
                  <div className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
                    {posts.map((post) => (
                      <PostCard key={post.slug} post={post} />
                    ))}
                  </div>
                </section>
              ) : null}
              <BlogPagination page={page} pageCount={pageCount} category={category} />
            </>
          )}
        </div>
        <SubscribeForm form="blog" className="mx-auto mt-16 max-w-3xl" />
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
