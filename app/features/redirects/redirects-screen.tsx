import { useQuery } from '@tanstack/react-query'
import { ExternalLinkIcon, PencilIcon, PlusIcon, SaveIcon, SignpostIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CsvImportDialog, ImportSummary } from '#app/components/ui/csv-import-dialog.tsx'
import { CsvLink } from '#app/components/ui/csv-link.tsx'
import { DeleteRowButton } from '#app/components/ui/delete-row-button.tsx'
import {
  Dialog,
  DialogCancel,
  DialogContent,
  DialogFooter,
  DialogHeading,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'
import { FormField, FormProblem } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ClearFiltersButton, SearchField } from '#app/components/ui/list-search.tsx'
import { ListTable } from '#app/components/ui/list-table.tsx'
import { EmptyState, PagedList } from '#app/components/ui/paged-list.tsx'
import {
  type RedirectFilters,
  redirectPageOptions,
  redirectsCsvHref,
  useDeleteRedirect,
  useImportRedirects,
  useSaveRedirect,
} from '#app/features/redirects/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import { useUrlFilters } from '#app/lib/url-filters.ts'
import {
  REDIRECT_IMPORT_BYTES_MAX,
  REDIRECT_ORIGIN_LABELS,
  REDIRECT_PATH_MAX,
  type Redirect,
} from '#common/contract/redirects.ts'

// Issue 31: /admin/redirects, the old addresses this site answers with a 301 (server/api/redirects.ts).

/** The search the address holds (?q=, and page=). */
function parseFilters(params: URLSearchParams): RedirectFilters {
  return { q: (params.get('q') ?? '').slice(0, REDIRECT_PATH_MAX) }
}

const useFilters = () => useUrlFilters(parseFilters)

const isOutside = (to: string) => /^https?:\/\//i.test(to)

/** The header's buttons: 'Add redirect', 'Import CSV' and 'Export CSV' of what the search keeps. */
export function RedirectActions() {
  const { filters } = useFilters()
  return (
    <div className="flex flex-wrap gap-2">
      <RedirectDialog
        trigger={
          <Button>
            <PlusIcon aria-hidden="true" />
            Add redirect
          </Button>
        }
      />
      <ImportDialog />
      <CsvLink href={redirectsCsvHref(filters)} />
    </div>
  )
}

/** `/admin/redirects` (issue 31): search, page through, add, edit and delete redirects. */
export function RedirectsScreen() {
  const { filters, page, set } = useFilters()
  const query = useQuery(redirectPageOptions(filters, page))
  const filtered = filters.q !== ''

  return (
    <div className="grid min-w-0 gap-6">
      <Search key={filters.q} q={filters.q} onChange={(q) => set({ q })} />

      <PagedList
        id="redirects-heading"
        noun="Redirects"
        query={query}
        page={page}
        onPage={(next) => set({ page: next })}
        note=""
        failure="The redirects could not be loaded."
        empty={(data) =>
          data.redirects.length === 0 && (
            <EmptyState icon={SignpostIcon} title={filtered ? 'No redirects match this search' : 'No redirects yet'}>
              {filtered ? (
                <Button className="mt-4" variant="outline" onClick={() => set({ q: '' })}>
                  Clear the search
                </Button>
              ) : (
                <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">
                  Add one, import a CSV, or import posts from WordPress or Ghost — their old addresses are added here.
                </p>
              )}
            </EmptyState>
          )
        }
      >
        <ListTable
          dimmed={query.isPlaceholderData}
          columns={[
            { label: 'Old address', className: 'px-4 py-2 sm:px-6' },
            { label: 'New address', className: 'hidden px-2 py-2 sm:table-cell' },
            { label: 'Hits', className: 'hidden w-20 px-2 py-2 text-right xl:table-cell' },
            { label: 'Last hit', className: 'hidden w-36 px-2 py-2 xl:table-cell' },
            { label: 'Origin', className: 'hidden w-32 px-2 py-2 xl:table-cell' },
            { label: <span className="sr-only">Actions</span>, className: 'w-24 py-2 pr-4 sm:w-28 sm:pr-6' },
          ]}
        >
          {query.data?.redirects.map((r) => (
            <Row key={r.id} redirect={r} />
          ))}
        </ListTable>
      </PagedList>
    </div>
  )
}

function Search({ q: initial, onChange }: { q: string; onChange: (q: string) => void }) {
  const [q, setQ] = useState(initial)
  return (
    <form
      aria-label="Search redirects"
      className="grid gap-4 rounded-xl border bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        onChange(q.trim())
      }}
    >
      <SearchField
        id="redirect-search"
        label="Search by address"
        value={q}
        onChange={setQ}
        maxLength={REDIRECT_PATH_MAX}
        placeholder="/2019/05/"
      />
      <ClearFiltersButton
        disabled={initial === ''}
        onClick={() => {
          setQ('')
          onChange('')
        }}
      />
    </form>
  )
}

/** Where a redirect goes: a path of this site as text, another site's address with an outside-link icon. */
function Target({ to }: { to: string }) {
  if (!isOutside(to)) return <span className="break-all text-slate-700">{to}</span>
  return (
    <span className="break-all text-slate-700">
      {to}
      <ExternalLinkIcon className="ml-1 inline size-3.5 align-[-0.125em] text-muted-foreground" aria-hidden="true" />
      <span className="sr-only"> (another site)</span>
    </span>
  )
}

function Row({ redirect: r }: { redirect: Redirect }) {
  const reader = useReader()
  const hits = r.hits.toLocaleString(reader.locale)
  const lastHit = r.lastHitAt ? (
    <time dateTime={r.lastHitAt} title={formatDate(r.lastHitAt, 'moment', reader)}>
      {formatDate(r.lastHitAt, 'date', reader)}
    </time>
  ) : (
    'Never'
  )
  const origin = REDIRECT_ORIGIN_LABELS[r.origin]
  return (
    <tr className="align-top">
      <td className="min-w-0 px-4 py-3 sm:px-6">
        <span className="block font-medium break-all text-slate-900">{r.from}</span>
        {/* Under the old address on narrow screens: the columns the table hides there. */}
        <span className="mt-1 block sm:hidden">
          <span aria-hidden="true" className="text-muted-foreground">
            →{' '}
          </span>
          <span className="sr-only">to </span>
          <Target to={r.to} />
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground xl:hidden">
          <span>{`${hits} ${r.hits === 1 ? 'hit' : 'hits'}`}</span>
          <span>Last hit: {lastHit}</span>
          <span>{origin}</span>
        </span>
      </td>
      <td className="hidden px-2 py-3 sm:table-cell">
        <Target to={r.to} />
      </td>
      <td className="hidden px-2 py-3 text-right text-slate-700 tabular-nums xl:table-cell">{hits}</td>
      <td className="hidden px-2 py-3 text-slate-700 xl:table-cell">{lastHit}</td>
      <td className="hidden px-2 py-3 text-slate-700 xl:table-cell">{origin}</td>
      <td className="py-2 pr-4 text-right whitespace-nowrap sm:pr-6">
        <RedirectDialog
          redirect={r}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Edit ${r.from}`} title="Edit">
              <PencilIcon aria-hidden="true" />
            </Button>
          }
        />
        <DeleteButton redirect={r} />
      </td>
    </tr>
  )
}

function DeleteButton({ redirect }: { redirect: Redirect }) {
  return (
    <DeleteRowButton
      id={redirect.id}
      name={redirect.from}
      title="Delete this redirect?"
      description={`${redirect.from} will no longer send visitors to ${redirect.to}; it answers 'not found' instead.`}
      remove={useDeleteRedirect()}
      deleted={{ title: 'Redirect deleted', description: `${redirect.from} no longer redirects.` }}
      failed="The redirect could not be deleted."
    />
  )
}

/** 'Add redirect' (no `redirect`) or 'Edit redirect': the old address and the new one, the API's errors under each. */
function RedirectDialog({ redirect, trigger }: { redirect?: Redirect; trigger: React.ReactNode }) {
  const [open, setOpen] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSaveRedirect()
  const id = useId()
  const editing = redirect !== undefined

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setFields({})
    setProblem(null)
    save.mutate(
      { id: redirect?.id, from, to },
      {
        onSuccess: ({ redirect: saved }) => {
          setOpen(false)
          toast({
            title: editing ? 'Redirect saved' : 'Redirect added',
            description: `${saved.from} → ${saved.to}`,
          })
        },
        onError: (error) => {
          const f = error instanceof ApiError ? error.fields : {}
          if (f.from || f.to) setFields(f)
          else
            setProblem(
              (error instanceof ApiError && error.serverMessage) ||
                'The redirect could not be saved. Please try again.',
            )
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setFrom(redirect?.from ?? '')
          setTo(redirect?.to ?? '')
          setFields({})
          setProblem(null)
          save.reset()
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeading
          title={editing ? 'Edit redirect' : 'Add redirect'}
          description="Visitors and search engines that ask for the old address are sent to the new one (301)."
        />
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            id={`${id}-from`}
            label="Old address"
            hint="A path on this site, like /2019/05/old-post/, or the old site’s whole address."
            error={fields.from}
          >
            {(control) => (
              <Input
                {...control}
                value={from}
                maxLength={REDIRECT_PATH_MAX}
                autoComplete="off"
                placeholder="/2019/05/old-post/"
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-to`}
            label="New address"
            hint="A path on this site, like /blog/new-post, or an http(s) address elsewhere."
            error={fields.to}
          >
            {(control) => (
              <Input
                {...control}
                value={to}
                maxLength={REDIRECT_PATH_MAX}
                autoComplete="off"
                placeholder="/blog/new-post"
                onChange={(e) => setTo(e.target.value)}
              />
            )}
          </FormField>
          <FormProblem>{problem}</FormProblem>
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={save.isPending}>
              <BusyIcon busy={save.isPending} icon={editing ? SaveIcon : PlusIcon} />
              {editing ? 'Save' : 'Add redirect'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function ImportDialog() {
  return (
    <CsvImportDialog
      title="Import redirects"
      description="A CSV file: the old address in the first column, the new one in the second; a header line is skipped. Old addresses already here take the file’s new address. Every line goes in, or none."
      maxBytes={REDIRECT_IMPORT_BYTES_MAX}
      importing={useImportRedirects()}
      variables={(csv) => ({ csv })}
      summary={(result) => (
        <ImportSummary>{`Added ${result.added.toLocaleString('en-US')}, updated ${result.updated.toLocaleString('en-US')}.`}</ImportSummary>
      )}
    />
  )
}
