import { useQuery } from '@tanstack/react-query'
import { BuildingIcon, InboxIcon, MailIcon, RouteIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState, PagedList } from '#app/components/ui/paged-list.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { attributionLabel, landingLabel } from '#app/features/admin/attribution.ts'
import { contactPageOptions } from '#app/features/admin/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { cn } from '#app/lib/utils.ts'
import type { AttributionView } from '#common/contract/analytics.ts'
import type { ContactSubmission } from '#common/contract/contact.ts'
import { relativeTime } from '#common/text-rules.ts'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('')

/** The contact submissions, newest first, a page at a time. */
export function ContactInbox() {
  const [page, setPage] = useState(1)
  const query = useQuery(contactPageOptions(page))
  return (
    <PagedList
      id="inbox-heading"
      noun="Messages"
      query={query}
      page={page}
      onPage={setPage}
      skeleton={
        <ul aria-hidden="true" className="divide-y">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex gap-4 p-4 sm:p-6">
              <Skeleton className="size-10 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3 w-64" />
                <Skeleton className="h-14 w-full" />
              </div>
            </li>
          ))}
        </ul>
      }
      failure="The messages could not be loaded."
      empty={(data, goTo) =>
        data.total === 0 ? (
          <EmptyState icon={InboxIcon} title="No messages yet">
            <p className="mt-1 text-sm text-muted-foreground">
              Messages sent through the contact form on the home page will appear here.
            </p>
          </EmptyState>
        ) : (
          data.submissions.length === 0 && (
            <div className="px-6 py-16 text-center">
              <p className="font-semibold text-slate-900">This page is empty</p>
              <Button className="mt-4" variant="outline" onClick={() => goTo(1)}>
                Back to the newest messages
              </Button>
            </div>
          )
        )
      }
      className="rounded-xl border bg-white shadow-sm"
    >
      <ul className={cn('divide-y transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        {query.data?.submissions.map((s) => (
          <Submission key={s.id} submission={s} />
        ))}
      </ul>
    </PagedList>
  )
}

function Submission({ submission: s }: { submission: ContactSubmission }) {
  const headingId = `submission-${s.id}`
  const when = formatDate(s.createdAt, 'moment', useReader())
  return (
    <li>
      <article aria-labelledby={headingId} className="flex gap-4 p-4 sm:p-6">
        <span
          aria-hidden="true"
          className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-100 to-pink-100 text-sm font-semibold text-violet-800 sm:flex"
        >
          {initials(s.name) || '?'}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <h3 id={headingId} className="font-semibold wrap-anywhere text-slate-900">
                {s.name}
              </h3>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <a
                  href={`mailto:${s.email}`}
                  className="inline-flex min-w-0 items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
                >
                  <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
                  {s.email}
                </a>
                {s.company && (
                  <span className="inline-flex min-w-0 items-center gap-1.5 wrap-anywhere text-muted-foreground">
                    <BuildingIcon className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="sr-only">Company:</span>
                    {s.company}
                  </span>
                )}
              </div>
            </div>
            <p className="shrink-0 text-sm text-muted-foreground sm:text-right">
              <time dateTime={s.createdAt} title={when}>
                {relativeTime(s.createdAt)}
              </time>
              <span className="block text-xs">{when}</span>
            </p>
          </div>
          <p className="mt-3 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-700">{s.message}</p>
          {s.attribution && <AttributionLine attribution={s.attribution} />}
        </div>
      </article>
    </li>
  )
}

/** Issue 16: where the sender came from, as the page's script recorded it. */
function AttributionLine({ attribution }: { attribution: AttributionView }) {
  const landing = landingLabel(attribution)
  return (
    <p className="mt-3 flex items-start gap-1.5 text-xs text-muted-foreground">
      <RouteIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 wrap-anywhere">
        <span className="font-medium text-slate-700">{attributionLabel(attribution)}</span>
        {landing && ` · ${landing}`}
      </span>
    </p>
  )
}
