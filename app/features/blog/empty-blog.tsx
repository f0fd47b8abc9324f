import { Newspaper } from 'lucide-react'
import { Link } from 'react-router'

/** docs/product.md §2: 'No posts yet' / 'Check back soon for new content!'. */
export function EmptyBlog({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed bg-white px-6 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-violet-50 text-primary">
        <Newspaper className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-6 text-xl font-semibold text-slate-900">No posts yet</h2>
      <p className="mt-2 text-muted-foreground">Check back soon for new content!</p>
      {filtered ? (
        <Link to="/blog" className="mt-6 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          See all articles
        </Link>
      ) : null}
    </div>
  )
}
