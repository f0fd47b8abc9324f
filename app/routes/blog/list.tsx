import { useNavigation } from 'react-router'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { BlogListHero } from '#app/features/blog/blog-list-hero.tsx'
import { BlogPagination } from '#app/features/blog/blog-pagination.tsx'
import { CategoryChips } from '#app/features/blog/category-chips.tsx'
import { EmptyBlog } from '#app/features/blog/empty-blog.tsx'
import { FeaturedPostCard } from '#app/features/blog/featured-post-card.tsx'
import { PostCard } from '#app/features/blog/post-card.tsx'
import { BlogGridSkeleton } from '#app/features/blog/post-card-skeleton.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import { BLOG_SKELETON_CARDS } from '#common/blog-rules.ts'
import type { Route } from './+types/list'

export { loader } from './list.server.ts'

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
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
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
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}
