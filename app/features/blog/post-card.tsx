import { Eye, User } from 'lucide-react'
import { Link } from 'react-router'
import { PostCover } from '#app/components/brand/post-cover.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { IconText, PostCardFrame, TagList } from '#app/features/blog/post-parts.tsx'
import { RelativeTime } from '#app/features/blog/relative-time.tsx'
import { viewsLabel } from '#common/blog-rules.ts'
import type { BlogCard } from '#common/contract/views.ts'

/** A grid card; the title link covers the whole card, so the card is one tab stop. */
export function PostCard({ post }: { post: BlogCard }) {
  return (
    <PostCardFrame
      layout="grid"
      data-testid="post-card"
      cover={
        <PostCover
          src={post.image}
          tone={post.category}
          size="card"
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      }
    >
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center justify-between gap-3">
          <Badge variant="secondary">{post.categoryLabel}</Badge>
          <IconText icon={Eye} className="gap-1 text-xs text-muted-foreground" iconClassName="size-3.5">
            {viewsLabel(post.viewCount)}
          </IconText>
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
        <TagList tags={post.tags} className="mt-4" />
        <div className="mt-auto pt-5">
          <div className="flex items-center justify-between gap-3 border-t pt-4 text-xs text-muted-foreground">
            <IconText icon={User} className="min-w-0" iconClassName="size-3.5 shrink-0">
              <span className="truncate">{post.author}</span>
            </IconText>
            <RelativeTime value={post.publishedAt} className="shrink-0" />
          </div>
        </div>
      </div>
    </PostCardFrame>
  )
}
