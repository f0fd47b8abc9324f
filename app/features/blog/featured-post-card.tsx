import { ArrowRight, Eye, Sparkles, User } from 'lucide-react'
import { Link } from 'react-router'
import { PostCover } from '#app/components/brand/post-cover.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { IconText, PostCardFrame } from '#app/features/blog/post-parts.tsx'
import { RelativeTime } from '#app/features/blog/relative-time.tsx'
import { viewsLabel } from '#common/blog-rules.ts'
import type { BlogCard } from '#common/contract/views.ts'

/** The newest post, on top of the first page (docs/product.md §2: labelled Featured and Latest Article). */
export function FeaturedPostCard({ post }: { post: BlogCard }) {
  return (
    <PostCardFrame
      layout="featured"
      data-testid="featured-post"
      aria-labelledby="featured-title"
      cover={<PostCover src={post.image} tone={post.category} size="featured" label="Latest Article" />}
    >
      <div className="flex flex-col justify-center p-8 lg:p-12">
        <div className="flex flex-wrap items-center gap-2">
          {/* One label of each kind (issue 11 §2): what this card is, and the post's category. */}
          <Badge className="bg-gradient-to-r from-violet-700 to-pink-700 text-white">
            <Sparkles aria-hidden="true" />
            <span>Featured</span>
            <span aria-hidden="true">·</span>
            <span>Latest Article</span>
          </Badge>
          <Badge variant="secondary">{post.categoryLabel}</Badge>
        </div>
        <h2 id="featured-title" className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          <Link to={`/blog/${post.slug}`} className="focus-visible:outline-none group-hover:text-primary">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="mt-4 text-base leading-7 text-muted-foreground">{post.excerpt}</p> : null}
        <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
          <IconText icon={User}>{post.author}</IconText>
          <RelativeTime value={post.publishedAt} />
          <IconText icon={Eye}>{viewsLabel(post.viewCount)}</IconText>
        </div>
        <div className="mt-8">
          <Link
            to={`/blog/${post.slug}`}
            className="relative z-10 inline-flex items-center gap-2 rounded-md bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90"
          >
            Read More
            {/* Part of the link's text, for screen readers and search engines: which post. */}
            <span className="sr-only">: {post.title}</span>
            <ArrowRight
              className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
              aria-hidden="true"
            />
          </Link>
        </div>
      </div>
    </PostCardFrame>
  )
}
