import { ArrowLeft, Calendar, Eye, User } from 'lucide-react'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { CoverImage } from '#app/components/brand/cover-image.tsx'
import { PostPlaceholder } from '#app/components/brand/post-placeholder.tsx'
import { SubscribeForm } from '#app/components/subscribe/subscribe-form.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { ArticleBody } from '#app/features/blog/article-body.tsx'
import { CtaCard } from '#app/features/blog/cta-card.tsx'
import { TagList } from '#app/features/blog/post-parts.tsx'
import { RelativeTime } from '#app/features/blog/relative-time.tsx'
import { ShareButton } from '#app/features/blog/share-button.tsx'
import { useRecordView } from '#app/features/blog/use-record-view.ts'
import { useRememberPost } from '#app/lib/use-visit-beacon.ts'
import { cn } from '#app/lib/utils.ts'
import { viewsLabel } from '#common/blog-rules.ts'
import type { PostView } from '#common/contract/views.ts'

export function PostArticle({ post }: { post: PostView }) {
  const viewCount = useRecordView(post.slug, post.isPublished, post.viewCount)
  // Issue 16: the post a later contact message is attributed to.
  useRememberPost(post.id, post.isPublished)
  return (
    <article
      className="pb-24"
      // What the island script of a post loaded as a document needs (app/islands/public-page.ts).
      data-post-id={post.id}
      data-post-slug={post.slug}
      data-post-views={post.viewCount}
      data-published={post.isPublished ? '' : undefined}
    >
      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6 sm:pt-14">
        <Link
          to="/blog"
          className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-primary transition-colors hover:text-violet-900"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Blog
        </Link>

        <header className="mt-8">
          <div className="flex flex-wrap items-center gap-2">
            {post.isPublished ? null : (
              <Badge className="border-amber-300 bg-amber-100 text-amber-900" data-testid="draft-marker">
                Draft
              </Badge>
            )}
            <Badge>{post.categoryLabel}</Badge>
          </div>
          <h1 className="mt-5 text-3xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-[1.1]">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-5 text-lg leading-8 text-pretty text-muted-foreground sm:text-xl">{post.excerpt}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-y py-4">
            <dl className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600">
              <Fact
                icon={User}
                term={post.authors.length > 1 ? 'Authors' : 'Author'}
                className="font-medium text-slate-900"
              >
                {post.authors.length > 0 ? <Byline authors={post.authors} /> : post.author}
              </Fact>
              <Fact icon={Calendar} term="Published">
                <RelativeTime value={post.publishedAt} />
              </Fact>
              <Fact icon={Eye} term="Views" testId="view-count">
                {viewsLabel(viewCount)}
              </Fact>
            </dl>
            <ShareButton title={post.title} text={post.excerpt} />
          </div>
          <TagList tags={post.tags} className="mt-5" />
        </header>
      </div>

      <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6">
        <div
          className={cn(
            'overflow-hidden rounded-3xl bg-muted shadow-lg',
            // Without an image the placeholder needs less height than a photo would.
            post.featuredImage ? 'aspect-[16/9]' : 'aspect-[16/9] sm:aspect-[5/2]',
          )}
        >
          <CoverImage
            src={post.featuredImage}
            alt={post.featuredImageAlt}
            width={1280}
            height={720}
            fetchPriority="high"
            decoding="async"
            sizes="(min-width: 1024px) 1024px, 100vw"
            className="size-full object-cover"
            fallback={<PostPlaceholder label="Featured Article" tone={post.category} />}
          />
        </div>
      </div>

      <div className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
        <ArticleBody html={post.html} />
        {/* Issue 30: after the article, before the call to action. */}
        <SubscribeForm form="post" className="mt-16" />
      </div>

      <div className="mx-auto mt-20 max-w-4xl px-4 sm:px-6">
        <CtaCard />
      </div>
    </article>
  )
}

/**
 * Issue 28: the staff authors, each linked to their page ('A, B and C'). Plain links: the post
 * page is sent without React (docs/decisions/043).
 */
function Byline({ authors }: { authors: PostView['authors'] }) {
  return authors.map((a, i) => (
    <Fragment key={a.path ?? a.name}>
      {i === 0 ? null : i === authors.length - 1 ? ' and ' : ', '}
      {a.path ? (
        <a href={a.path} rel="author" className="rounded-sm underline-offset-4 hover:text-primary hover:underline">
          {a.name}
        </a>
      ) : (
        a.name
      )}
    </Fragment>
  ))
}

/** One fact of the byline: its icon stands for the term, which only screen readers hear. */
function Fact({
  icon: Icon,
  term,
  className,
  testId,
  children,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>
  term: string
  className?: string
  testId?: string
  children: React.ReactNode
}) {
  return (
    <div className="inline-flex items-center gap-1.5">
      <dt>
        <Icon className="size-4 text-violet-600" aria-hidden="true" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
