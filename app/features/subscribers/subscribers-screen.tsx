import { useQuery } from '@tanstack/react-query'
import { MailIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { CsvImportDialog, ImportSummary } from '#app/components/ui/csv-import-dialog.tsx'
import { CsvLink } from '#app/components/ui/csv-link.tsx'
import { DeleteRowButton } from '#app/components/ui/delete-row-button.tsx'
import { ClearFiltersButton, FilterSelect, SearchField } from '#app/components/ui/list-search.tsx'
import { ListTable } from '#app/components/ui/list-table.tsx'
import { EmptyState, PagedList } from '#app/components/ui/paged-list.tsx'
import {
  type SubscriberFilters,
  subscriberPageOptions,
  subscribersCsvHref,
  useEraseSubscriber,
  useImportSubscribers,
} from '#app/features/subscribers/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { useUrlFilters } from '#app/lib/url-filters.ts'
import { cn } from '#app/lib/utils.ts'
import {
  SUBSCRIBER_IMPORT_CONSENT_TEXT,
  SUBSCRIBER_STATES,
  type SubscriberRow,
  type SubscriberState,
} from '#common/contract/subscribers.ts'
import { sourceName } from '#common/source-names.ts'

const STATE_LABELS: Record<SubscriberState, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
}
const STATE_STYLES: Record<SubscriberState, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-200',
  bounced: 'bg-red-50 text-red-800 ring-red-200',
}

/** The filters the address holds (?q=&state=&source=, and page=). */
function parseFilters(params: URLSearchParams): SubscriberFilters {
  const state = params.get('state') ?? ''
  return {
    q: (params.get('q') ?? '').slice(0, 254),
    state: SUBSCRIBER_STATES.includes(state as SubscriberState) ? (state as SubscriberState) : '',
    source: (params.get('source') ?? '').slice(0, 100),
  }
}

const useFilters = () => useUrlFilters(parseFilters)

/** The header's buttons: 'Export CSV' of what the filters keep, and 'Import CSV'. */
export function SubscriberActions() {
  const { filters } = useFilters()
  return (
    <div className="flex flex-wrap gap-2">
      <CsvLink href={subscribersCsvHref(filters)} />
      <ImportDialog />
    </div>
  )
}

/** `/admin/subscribers` (issue 30): search, filter by state and source, erase one. */
export function SubscribersScreen() {
  const { filters, page, set } = useFilters()
  const query = useQuery(subscriberPageOptions(filters, page))
  const data = query.data
  const filtered = filters.q !== '' || filters.state !== '' || filters.source !== ''
  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0

  return (
    <div className="grid min-w-0 gap-6">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Subscribers by state</legend>
        <StateChip
          label="All"
          count={data ? all : undefined}
          active={filters.state === ''}
          onClick={() => set({ state: '' })}
        />
        {SUBSCRIBER_STATES.map((s) => (
          <StateChip
            key={s}
            label={STATE_LABELS[s]}
            count={data?.counts[s]}
            active={filters.state === s}
            onClick={() => set({ state: s })}
          />
        ))}
      </fieldset>

      <Filters key={filters.q} filters={filters} sources={data?.sources ?? []} onChange={set} filtered={filtered} />

      <PagedList
        id="subscribers-heading"
        noun="Subscribers"
        query={query}
        page={page}
        onPage={(next) => set({ page: next })}
        note={data && data.erased > 0 ? ` · ${data.erased.toLocaleString('en-US')} erased` : ''}
        failure="The subscribers could not be loaded."
        empty={(data) =>
          data.subscribers.length === 0 && (
            <EmptyState icon={MailIcon} title={filtered ? 'No subscribers match these filters' : 'No subscribers yet'}>
              {filtered ? (
                <Button className="mt-4" variant="outline" onClick={() => set({ q: '', state: '', source: '' })}>
                  Clear the filters
                </Button>
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">
                  Readers who subscribe on the site, or addresses you import, will appear here.
                </p>
              )}
            </EmptyState>
          )
        }
      >
        <ListTable
          dimmed={query.isPlaceholderData}
          columns={[
            { label: 'Address', className: 'px-4 py-2 sm:px-6' },
            { label: 'State', className: 'hidden w-32 px-2 py-2 sm:table-cell' },
            { label: 'Source', className: 'hidden w-36 px-2 py-2 md:table-cell' },
            { label: 'Subscribed', className: 'hidden w-36 px-2 py-2 md:table-cell' },
            { label: <span className="sr-only">Actions</span>, className: 'w-14 py-2 pr-4 sm:w-16 sm:pr-6' },
          ]}
        >
          {data?.subscribers.map((s) => (
            <Row key={s.id} subscriber={s} />
          ))}
        </ListTable>
      </PagedList>
    </div>
  )
}

function StateChip({
  label,
  count,
  active,
  onClick,
}: {
  label: string
  count: number | undefined
  active: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        active ? 'border-primary bg-primary text-primary-foreground' : 'bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      {label}
      <span className={cn('tabular-nums', active ? 'opacity-90' : 'text-muted-foreground')}>
        {count === undefined ? '…' : count.toLocaleString('en-US')}
      </span>
    </button>
  )
}

function Filters({
  filters,
  sources,
  onChange,
  filtered,
}: {
  filters: SubscriberFilters
  sources: { source: string; count: number }[]
  onChange: (changes: Partial<SubscriberFilters>) => void
  filtered: boolean
}) {
  const [q, setQ] = useState(filters.q)
  const choices = sources.map((s) => s.source)
  if (filters.source && !choices.includes(filters.source)) choices.push(filters.source)
  // Two raw sources of one name ('x' and 't.co' are both X) are told apart by the raw one.
  const named = choices.map((source) => sourceName(source))
  const label = (source: string, i: number) =>
    named.filter((n) => n === named[i]).length > 1 ? `${named[i]} (${source})` : (named[i] as string)
  return (
    <form
      aria-label="Filter subscribers"
      className="grid gap-4 rounded-xl border bg-white p-4 shadow-sm sm:grid-cols-[1fr_14rem_auto] sm:items-end sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        onChange({ q: q.trim() })
      }}
    >
      <SearchField
        id="subscriber-search"
        label="Search by address"
        value={q}
        onChange={setQ}
        maxLength={254}
        placeholder="name@company.com"
      />
      <FilterSelect
        id="subscriber-source"
        label="Source"
        allLabel="Every source"
        options={choices.map((source, i) => ({ value: source, label: label(source, i) }))}
        value={filters.source}
        onChange={(source) => onChange({ source })}
      />
      <ClearFiltersButton
        disabled={!filtered}
        onClick={() => {
          setQ('')
          onChange({ q: '', state: '', source: '' })
        }}
      />
    </form>
  )
}

function StateBadge({ state }: { state: SubscriberState }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', STATE_STYLES[state])}
    >
      {STATE_LABELS[state]}
    </span>
  )
}

function Row({ subscriber: s }: { subscriber: SubscriberRow }) {
  const reader = useReader()
  const day = formatDate(s.subscribedAt, 'date', reader)
  const source = sourceName(s.source)
  return (
    <tr className="align-top">
      <td className="min-w-0 px-4 py-3 sm:px-6">
        <span className="block font-medium break-all text-slate-900">{s.email}</span>
        {/* Under the address on narrow screens: the columns the table hides there. */}
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground md:hidden">
          <span className="sm:hidden">
            <StateBadge state={s.state} />
          </span>
          <span>{source}</span>
          <time dateTime={s.subscribedAt}>{day}</time>
        </span>
      </td>
      <td className="hidden px-2 py-3 sm:table-cell">
        <StateBadge state={s.state} />
      </td>
      <td className="hidden px-2 py-3 break-words text-slate-700 md:table-cell">{source}</td>
      <td className="hidden px-2 py-3 text-slate-700 md:table-cell">
        <time dateTime={s.subscribedAt}>{day}</time>
      </td>
      <td className="py-2 pr-4 text-right sm:pr-6">
        <EraseButton subscriber={s} />
      </td>
    </tr>
  )
}

function EraseButton({ subscriber }: { subscriber: SubscriberRow }) {
  return (
    <DeleteRowButton
      id={subscriber.id}
      name={subscriber.email}
      title="Delete this subscriber?"
      description={`${subscriber.email} is erased for good: the address and its consent record are deleted, and only the count of erased addresses is kept. They get no more emails.`}
      remove={useEraseSubscriber()}
      deleted={{ title: 'Subscriber deleted', description: `${subscriber.email} was erased.` }}
      failed="The subscriber could not be deleted."
    />
  )
}

function ImportDialog() {
  const [consented, setConsented] = useState(false)
  const [confirmed, setConfirmed] = useState(false)
  return (
    <CsvImportDialog
      title="Import subscribers"
      description="A CSV file with an 'email' column; other columns are ignored. Addresses already here are left as they are."
      maxBytes={2 * 1024 * 1024}
      accept=".csv,text/csv,text/plain"
      importing={useImportSubscribers()}
      variables={(csv) => ({ csv, consented: true as const, confirmed })}
      check={() => (consented ? null : 'Confirm that these people consented.')}
      onReset={() => {
        setConsented(false)
        setConfirmed(false)
      }}
      preferFieldMessage
      summary={(result) => (
        <>
          <ImportSummary>{`${result.added.toLocaleString('en-US')} added, ${result.skipped.toLocaleString('en-US')} already here, ${result.invalid.length.toLocaleString('en-US')} not valid.`}</ImportSummary>
          {result.invalid.length > 0 && (
            <div className="grid gap-1.5">
              <h3 className="text-sm font-medium text-slate-900">Lines not imported</h3>
              <ul className="max-h-48 overflow-y-auto rounded-lg border text-sm" aria-label="Lines not imported">
                {result.invalid.slice(0, 200).map((i) => (
                  <li key={i.line} className="border-b px-3 py-1.5 last:border-b-0">
                    <span className="font-medium tabular-nums">Line {i.line}:</span> {i.reason}
                  </li>
                ))}
              </ul>
              {result.invalid.length > 200 && (
                <p className="text-xs text-muted-foreground">{`And ${result.invalid.length - 200} more.`}</p>
              )}
            </div>
          )}
        </>
      )}
    >
      <ImportChoice label={SUBSCRIBER_IMPORT_CONSENT_TEXT} checked={consented} onChange={setConsented}>
        Required. Recorded with each address.
      </ImportChoice>
      <ImportChoice label="Mark as confirmed" checked={confirmed} onChange={setConfirmed}>
        They confirmed their address elsewhere, so newsletters go to them. Otherwise they stay pending and get no email.
      </ImportChoice>
    </CsvImportDialog>
  )
}

/** A checkbox of the import dialog: what it means, and under it what follows from it. */
function ImportChoice({
  label,
  checked,
  onChange,
  children,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  children: React.ReactNode
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span className="block text-muted-foreground">{children}</span>
      </span>
    </label>
  )
}
