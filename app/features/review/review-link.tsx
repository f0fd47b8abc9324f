import { useQuery } from '@tanstack/react-query'
import { UserCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { reviewCountOptions } from '#app/lib/post-queries.ts'

/** Issue 28: the way to the review queue (Editors and above), with how many posts wait in it. */
export function ReviewLink() {
  const count = useQuery(reviewCountOptions())
  const n = count.data
  return (
    <Link to="/admin/review" className={buttonVariants({ variant: 'outline' })}>
      <UserCheckIcon aria-hidden="true" />
      Review
      {/* The pill is there before the count arrives, so the header buttons never move. */}
      <span
        aria-hidden="true"
        className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums ${
          n ? 'bg-sky-600 text-white' : 'bg-secondary text-secondary-foreground'
        }`}
      >
        {n === undefined ? '\u00a0' : n > 999 ? '999+' : n}
      </span>
      {n !== undefined && <span className="sr-only">{`(${n} ${n === 1 ? 'post waits' : 'posts wait'})`}</span>}
    </Link>
  )
}
