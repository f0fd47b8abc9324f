import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '#app/lib/utils.ts'
import { blogListHref } from '#common/blog-rules.ts'

const base =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

type Item = { kind: 'page'; n: number } | { kind: 'gap'; after: number }

/** Numbers shown: the first, the last, and the current page with its neighbours. */
function visiblePages(page: number, count: number): Item[] {
  const keep = new Set([1, count, page - 1, page, page + 1].filter((n) => n >= 1 && n <= count))
  const sorted = [...keep].sort((a, b) => a - b)
  const out: Item[] = []
  let previous = 0
  for (const n of sorted) {
    if (previous > 0 && n - previous > 1) out.push({ kind: 'gap', after: previous })
    out.push({ kind: 'page', n })
    previous = n
  }
  return out
}

export function BlogPagination({
  page,
  pageCount,
  category,
  hrefFor,
}: {
  page: number
  pageCount: number
  category: string | null
  /** Another list's page addresses (an author page); the blog list's by default. */
  hrefFor?: (page: number) => string
}) {
  if (pageCount <= 1) return null
  const href = hrefFor ?? ((n: number) => blogListHref({ category, page: n }))
  return (
    <nav aria-label="Pagination" className="mt-16 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={cn(base, 'bg-white hover:bg-muted')}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {visiblePages(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item.n}>
              <Link
                to={href(item.n)}
                aria-label={`Page ${item.n}`}
                aria-current={item.n === page ? 'page' : undefined}
                className={cn(
                  base,
                  item.n === page ? 'border-transparent bg-primary text-primary-foreground' : 'bg-white hover:bg-muted',
                )}
              >
                {item.n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={cn(base, 'bg-white hover:bg-muted')}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  )
}
