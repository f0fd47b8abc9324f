import { useQuery } from '@tanstack/react-query'
import { HistoryIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { CsvLink } from '#app/components/ui/csv-link.tsx'
import { DayField } from '#app/components/ui/day-field.tsx'
import { ClearFiltersButton, FilterSelect } from '#app/components/ui/list-search.tsx'
import { EmptyState, PagedList } from '#app/components/ui/paged-list.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { type ActivityFilters, activityCsvHref, activityPageOptions } from '#app/features/activity/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { useUrlFilters } from '#app/lib/url-filters.ts'
import { cn } from '#app/lib/utils.ts'
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPerson,
  SYSTEM_PERSON,
} from '#common/contract/activity.ts'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters the address holds (?person=&kind=&from=&to=, and page=); anything else is no filter. */
function parseFilters(params: URLSearchParams): ActivityFilters {
  const kind = params.get('kind') ?? ''
  return {
    person: /^(?:\d+|system)$/.test(params.get('person') ?? '') ? (params.get('person') as string) : '',
    kind: ACTIVITY_KINDS.includes(kind as ActivityKind) ? kind : '',
    from: DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : '',
    to: DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : '',
  }
}

const useFilters = () => useUrlFilters(parseFilters)

/** 'Export CSV': every row the filters keep, as the server writes it. */
export function ActivityExportButton() {
  const { filters } = useFilters()
  return <CsvLink href={activityCsvHref(filters)} />
}

/** `/admin/activity` (issue 28): who did what to which object, when, from which IP hash. */
export function ActivityLog() {
  const { filters, page, set } = useFilters()
  const query = useQuery(activityPageOptions(filters, page))
  const data = query.data
  const filtered = Object.values(filters).some((v) => v !== '')

  return (
    <div className="grid gap-6">
      <Filters filters={filters} people={data?.people ?? []} onChange={set} />

      <PagedList
        id="activity-heading"
        noun="Events"
        query={query}
        page={page}
        onPage={(next) => set({ ...filters, page: next })}
        skeleton={
          <ul aria-hidden="true" className="divide-y">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="space-y-2 p-4 sm:px-6">
                <Skeleton className="h-4 w-64 max-w-full" />
                <Skeleton className="h-3 w-40" />
              </li>
            ))}
          </ul>
        }
        failure="The activity log could not be loaded."
        empty={(data) =>
          data.entries.length === 0 && (
            <EmptyState
              icon={HistoryIcon}
              title={filtered ? 'No events match these filters' : 'Nothing has happened yet'}
            >
              {filtered && (
                <Button
                  className="mt-4"
                  variant="outline"
                  onClick={() => set({ person: '', kind: '', from: '', to: '' })}
                >
                  Clear the filters
                </Button>
              )}
            </EmptyState>
          )
        }
      >
        <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <div
            aria-hidden="true"
            className="hidden grid-cols-[11rem_9rem_minmax(0,1fr)_5.5rem] gap-4 border-b bg-slate-50 px-6 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid"
          >
            <span>When</span>
            <span>Who</span>
            <span>What</span>
            <span>IP hash</span>
          </div>
          <ul className="divide-y" aria-label="Events, newest first">
            {data?.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
        </div>
      </PagedList>
    </div>
  )
}

function Filters({
  filters,
  people,
  onChange,
}: {
  filters: ActivityFilters
  people: ActivityPerson[]
  onChange: (changes: Partial<ActivityFilters>) => void
}) {
  const filtered = Object.values(filters).some((v) => v !== '')
  // The person asked for stays a choice even when this page's answer does not name them.
  const choices = people.map((p) => ({ value: p.id === null ? SYSTEM_PERSON : String(p.id), label: p.name }))
  if (filters.person && !choices.some((c) => c.value === filters.person))
    choices.push({
      value: filters.person,
      label: filters.person === SYSTEM_PERSON ? 'The schedule' : `#${filters.person}`,
    })
  return (
    <form
      aria-label="Filters"
      className="grid grid-cols-2 gap-4 rounded-xl border bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterSelect
        className="col-span-2 sm:col-span-1"
        id="activity-person"
        label="Person"
        allLabel="Everyone"
        options={choices}
        value={filters.person}
        onChange={(person) => onChange({ person })}
      />
      <FilterSelect
        className="col-span-2 sm:col-span-1"
        id="activity-kind"
        label="Kind"
        allLabel="Every kind"
        options={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }))}
        value={filters.kind}
        onChange={(kind) => onChange({ kind })}
      />
      <DayField
        className="min-w-0"
        id="activity-from"
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(from) => onChange({ from })}
      />
      <DayField
        className="min-w-0"
        id="activity-to"
        label="To"
        value={filters.to}
        min={filters.from}
        onChange={(to) => onChange({ to })}
      />
      <ClearFiltersButton
        className="col-span-2 justify-self-end lg:col-span-1"
        disabled={!filtered}
        onClick={() => onChange({ person: '', kind: '', from: '', to: '' })}
      />
    </form>
  )
}

/** Who a row names: the username then, or what acted without one. */
function personLabel(entry: ActivityEntry): string {
  if (entry.person) return entry.person
  if (entry.userId !== null) return `#${entry.userId}`
  return entry.kind === 'sign-in-failed' ? 'Unknown account' : 'The schedule'
}

const OBJECT_NAMES = {
  post: 'Post',
  'x-post': 'X post',
  'social-post': 'Social post',
  user: 'Account',
  invitation: 'Invitation',
} as const

function Entry({ entry }: { entry: ActivityEntry }) {
  const reader = useReader()
  const when = formatDate(entry.at, 'moment', reader)
  const who = personLabel(entry)
  const object =
    entry.objectType === null
      ? null
      : `${OBJECT_NAMES[entry.objectType]}${entry.objectId === null ? '' : ` #${entry.objectId}`}`
  return (
    <li className="grid gap-1 px-4 py-3 text-sm sm:px-6 lg:grid-cols-[11rem_9rem_minmax(0,1fr)_5.5rem] lg:items-baseline lg:gap-4">
      <time dateTime={entry.at} className="text-muted-foreground">
        {when}
      </time>
      <span
        className={cn('min-w-0 font-medium wrap-anywhere', entry.person ? 'text-slate-900' : 'text-muted-foreground')}
      >
        {who}
      </span>
      <span className="min-w-0 wrap-anywhere text-slate-700">
        <span className="font-medium text-slate-900" data-kind={entry.kind}>
          {ACTIVITY_KIND_LABELS[entry.kind]}
        </span>
        {object && (
          <>
            {' · '}
            <span className="text-muted-foreground">{object}</span>
            {entry.objectLabel && <span className="text-slate-900">{` “${entry.objectLabel}”`}</span>}
          </>
        )}
        {entry.detail && <span className="block text-xs text-muted-foreground">{entry.detail}</span>}
      </span>
      <span className="font-mono text-xs text-muted-foreground" title={entry.ipHash ?? undefined}>
        {entry.ipHash ? (
          <>
            <span className="lg:sr-only">IP hash </span>
            {entry.ipHash.slice(0, 8)}
          </>
        ) : (
          <span className="lg:sr-only">no IP</span>
        )}
      </span>
    </li>
  )
}
