import { useQuery } from '@tanstack/react-query'
import { BotIcon, FileTextIcon, GlobeIcon, PencilLineIcon } from 'lucide-react'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { summarize } from '#app/features/posts/post-list-rules.ts'
import { postListOptions } from '#app/lib/post-queries.ts'
import { cn } from '#app/lib/utils.ts'

const CARDS = [
  { key: 'total', label: 'Total Posts', icon: FileTextIcon, tone: 'bg-violet-100 text-violet-700' },
  { key: 'published', label: 'Published', icon: GlobeIcon, tone: 'bg-green-100 text-green-700' },
  { key: 'drafts', label: 'Drafts', icon: PencilLineIcon, tone: 'bg-amber-100 text-amber-700' },
  { key: 'aiGenerated', label: 'AI Generated', icon: BotIcon, tone: 'bg-pink-100 text-pink-700' },
] as const

/** docs/product.md §2/§9: four summary cards over every post, whatever the filters show. */
export function PostSummaryCards() {
  const all = useQuery(postListOptions('all'))
  const summary = all.data ? summarize(all.data) : null
  return (
    <section aria-label="Summary" className="mb-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <div key={key} className="flex items-center gap-4 rounded-xl border bg-white p-5 shadow-sm">
          <span className={cn('hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <dl className="min-w-0">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 h-8 text-2xl font-bold tabular-nums text-slate-900">
              {summary ? (
                summary[key].toLocaleString('en-US')
              ) : all.isError ? (
                <span className="text-muted-foreground">–</span>
              ) : (
                <Skeleton className="mt-1 h-7 w-12" />
              )}
            </dd>
          </dl>
        </div>
      ))}
    </section>
  )
}
