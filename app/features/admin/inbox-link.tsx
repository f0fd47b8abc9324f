import { useQuery } from '@tanstack/react-query'
import { InboxIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { contactCountOptions } from '#app/features/admin/queries.ts'

/** The way to the contact inbox, with how many submissions it holds. */
export function InboxLink() {
  const count = useQuery(contactCountOptions())
  const n = count.data
  return (
    <Link to="/admin/contacts" className={buttonVariants({ variant: 'outline' })}>
      <InboxIcon aria-hidden="true" />
      Contact Inbox
      {/* The pill is there before the count arrives, so the header buttons never move. */}
      <span
        aria-hidden="true"
        className="min-w-6 rounded-full bg-secondary px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-secondary-foreground"
      >
        {n === undefined ? '\u00a0' : n > 999 ? '999+' : n}
      </span>
      {n !== undefined && <span className="sr-only">{`(${n} ${n === 1 ? 'submission' : 'submissions'})`}</span>}
    </Link>
  )
}
