import { useQuery } from '@tanstack/react-query'
import { SendIcon } from 'lucide-react'
import { Link } from 'react-router'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { EmptyState } from '#app/components/ui/paged-list.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { NewsletterProgress, NewsletterStateBadge } from '#app/features/newsletters/newsletter-progress.tsx'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { newsletterListOptions } from '#app/lib/newsletter-queries.ts'
import type { NewsletterListItem, NewsletterResults } from '#common/contract/newsletters.ts'

/** Issue 30: /admin/newsletters, every send with its progress, read again while one is on its way. */
export function NewslettersScreen() {
  const query = useQuery(newsletterListOptions())
  const sending = query.data?.newsletters.some((n) => n.state === 'sending') ?? false
  return (
    <section aria-labelledby="newsletters-heading" className="rounded-xl border bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b px-4 py-3 sm:px-6">
        <h2 id="newsletters-heading" className="font-semibold text-slate-900">
          {query.data ? `Sends (${query.data.newsletters.length.toLocaleString('en-US')})` : 'Sends'}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {sending ? 'Sending: the counts refresh by themselves.' : ''}
        </p>
      </div>
      {query.isPending ? (
        <div aria-hidden="true" className="space-y-4 p-4 sm:p-6">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailure query={query}>The newsletters could not be loaded.</LoadFailure>
      ) : query.data.newsletters.length === 0 ? (
        <EmptyState icon={SendIcon} title="No newsletters sent yet">
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Open a post in the editor and tick 'Send as newsletter' when you publish or schedule it, or use its
            Newsletter panel once it is live. Every confirmed subscriber gets it once.
          </p>
          <Link
            to="/admin/blog"
            className="mt-4 inline-block text-sm font-medium text-violet-700 underline underline-offset-2"
          >
            Go to your posts
          </Link>
        </EmptyState>
      ) : (
        <ul className="divide-y">
          {query.data.newsletters.map((n) => (
            <NewsletterRow key={n.id} newsletter={n} />
          ))}
        </ul>
      )}
    </section>
  )
}

function NewsletterRow({ newsletter: n }: { newsletter: NewsletterListItem }) {
  const reader = useReader()
  const when = n.startedAt ?? n.sendAt
  return (
    <li aria-label={n.postTitle} className="grid gap-3 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_18rem] md:gap-6">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/blog/edit/${n.postId}`}
            className="min-w-0 font-medium break-words text-slate-900 underline-offset-2 hover:underline"
          >
            {n.postTitle}
          </Link>
          <NewsletterStateBadge state={n.state} />
        </div>
        <p className="min-w-0 text-sm break-words text-slate-700">
          <span className="text-muted-foreground">Subject: </span>
          {n.subject}
        </p>
        <p className="text-xs text-muted-foreground">
          {n.state === 'scheduled' ? 'Goes out ' : n.state === 'cancelled' ? 'Was due ' : 'Started '}
          <time dateTime={when}>{formatDate(when, 'moment', reader)}</time>
          {n.finishedAt && (
            <>
              {' · finished '}
              <time dateTime={n.finishedAt}>{formatDate(n.finishedAt, 'time', reader)}</time>
            </>
          )}
        </p>
        <NewsletterResultsList results={n.results} />
      </div>
      <NewsletterProgress counts={n.counts} label={`Sent of ${n.postTitle}`} />
    </li>
  )
}

const RESULT_LABELS: [keyof NewsletterResults, string, string][] = [
  ['clicks', 'Came to the site', 'Readers who came to the site by its link'],
  ['leads', 'Leads', 'Contact requests whose first visit came from it'],
  ['subscribers', 'New subscribers', 'Confirmed subscribers who first came by its link'],
  ['unsubscribes', 'Unsubscribed', 'Readers it reached who unsubscribed before their next newsletter'],
]

/** What the send brought (docs/decisions/064-newsletter-results.md). */
function NewsletterResultsList({ results }: { results: NewsletterResults }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {RESULT_LABELS.map(([key, label, title]) => (
        <div key={key} className="flex gap-1" title={title}>
          <dt>{label}</dt>
          <dd className="font-medium text-slate-800 tabular-nums">{results[key].toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  )
}
