import { Eye, User } from 'lucide-react'
import { Link } from 'react-router'
import { CoverImage } from '#app/components/brand/cover-image.tsx'
import { PostPlaceholder } from '#app/components/brand/post-placeholder.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { RelativeTime } from '#app/features/blog/relative-time.tsx'
import { viewsLabel } from '#common/blog-rules.ts'
import type { BlogCard } from '#common/contract/views.ts'

/** A grid card; the title link covers the whole card, so the card is one tab stop. */
export function PostCard({ post }: { post: BlogCard }) {
  return (
    <article
      data-testid="post-card"
      className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow duration-200 focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 hover:shadow-lg"
    >
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <CoverImage
          src={post.image}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          fallback={<PostPlaceholder tone={post.category} />}
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center justify-between gap-3">
          <Badge variant="secondary">{post.categoryLabel}</Badge>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Eye className="size-3.5" aria-hidden="true" />
            {viewsLabel(post.viewCount)}
          </span>
        </div>
        <h3 className="mt-4 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-primary"
          >
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 text-sm leading-6 text-muted-foreground">{post.teaser}</p>
        {post.tags.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="muted" className="font-medium">
                  #{tag}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto pt-5">
          <div className="flex items-center justify-between gap-3 border-t pt-4 text-xs text-muted-foreground">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <User className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{post.author}</span>
            </span>
            <RelativeTime value={post.publishedAt} className="shrink-0" />
          </div>
        </div>
      </div>
    </article>
  )
}
