import { useQuery } from '@tanstack/react-query'
import {
  CircleAlertIcon,
  CircleCheckIcon,
  FileSearchIcon,
  FileUpIcon,
  ImportIcon,
  ListChecksIcon,
  RotateCcwIcon,
} from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/ui/badge.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormProblem } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { ListTable } from '#app/components/ui/list-table.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { importRunOptions, isRunning, useCheckImport, useStartImport } from '#app/features/import/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import {
  IMPORT_FILE_MAX,
  IMPORT_FILE_MAX_LABEL,
  IMPORT_FORMAT_LABELS,
  type ImportItem,
  type ImportReport,
} from '#common/contract/import.ts'

// Issue 31: /admin/import. Step 1 picks a file and checks it (the dry run, nothing written); step 2
// shows what an import would do; step 3 follows the import job until it is done, then says what it
// did. The run's id stays in the address (?run=), so a reload shows the same run.

const STATUS_LABELS: Record<ImportItem['status'], string> = {
  published: 'Published',
  draft: 'Draft',
  scheduled: 'Scheduled',
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** The run the address names (?run=<id>), or null for the file picker. */
function useRunId() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('run')
  const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null
  const setRun = (next: number | null) =>
    setParams(next === null ? {} : { run: String(next) }, { preventScrollReset: true })
  return [id && id > 0 ? id : null, setRun] as const
}

export function ImportScreen() {
  const [runId, setRun] = useRunId()
  return (
    <div className="grid min-w-0 gap-6">
      {runId === null ? (
        <ChooseFile onChecked={(report) => setRun(report.id)} />
      ) : (
        <Run key={runId} id={runId} onAnother={() => setRun(null)} />
      )}
    </div>
  )
}

/** Step 1: the file, where each kind of export is found, and 'Check file'. */
function ChooseFile({ onChecked }: { onChecked: (report: ImportReport) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [siteUrl, setSiteUrl] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const check = useCheckImport()
  const id = useId()

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setProblem(null)
    if (!file) return setProblem('Choose a file to import.')
    if (file.size > IMPORT_FILE_MAX)
      return setProblem(`The file is too large: a file of at most ${IMPORT_FILE_MAX_LABEL} can be imported.`)
    check.mutate(
      { file, siteUrl: siteUrl.trim() },
      {
        onSuccess: onChecked,
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status === 413
              ? `The file is too large: a file of at most ${IMPORT_FILE_MAX_LABEL} can be imported.`
              : (error instanceof ApiError && error.serverMessage) ||
                  'The file could not be read. Please check your connection and try again.',
          ),
      },
    )
  }

  return (
    <SectionCard
      headingId={`${id}-heading`}
      title="1. Choose a file"
      description="The file is read and checked first: you see what would be imported before anything is written."
      icon={<FileUpIcon />}
    >
      <ul className="grid gap-3 text-sm text-slate-700 md:grid-cols-3">
        <li className="rounded-lg border bg-slate-50 p-3">
          <span className="block font-semibold text-slate-900">{IMPORT_FORMAT_LABELS.wordpress}</span>
          In WordPress: Tools → Export → All content. A .xml file.
        </li>
        <li className="rounded-lg border bg-slate-50 p-3">
          <span className="block font-semibold text-slate-900">{IMPORT_FORMAT_LABELS.ghost}</span>
          In Ghost: Settings → Advanced → Import/Export → Export. A .json file.
        </li>
        <li className="rounded-lg border bg-slate-50 p-3">
          <span className="block font-semibold text-slate-900">{IMPORT_FORMAT_LABELS.markdown}</span>A .zip of .md
          files, each with front matter (title, date, slug).
        </li>
      </ul>
      <form className="grid gap-3" onSubmit={submit} noValidate aria-busy={check.isPending || undefined}>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-file`}>Export file</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".xml,.json,.zip"
            aria-describedby={`${id}-hint`}
            aria-invalid={problem ? true : undefined}
            aria-errormessage={problem ? `${id}-problem` : undefined}
            disabled={check.isPending}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setProblem(null)
            }}
          />
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            .xml, .json or .zip, up to {IMPORT_FILE_MAX_LABEL}.
          </p>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-site`}>Old site’s address (optional)</Label>
          <Input
            id={`${id}-site`}
            type="url"
            inputMode="url"
            placeholder="https://blog.example.com"
            aria-describedby={`${id}-site-hint`}
            value={siteUrl}
            disabled={check.isPending}
            onChange={(e) => setSiteUrl(e.target.value)}
          />
          <p id={`${id}-site-hint`} className="text-sm text-muted-foreground">
            For Ghost and Markdown files: their images and links are paths on the old site. A WordPress export says its
            own address.
          </p>
        </div>
        {problem && (
          <p
            id={`${id}-problem`}
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium break-words text-red-800"
          >
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={check.isPending}>
            <BusyIcon busy={check.isPending} icon={FileSearchIcon} />
            Check file
          </Button>
          {check.isPending && (
            <span role="status" className="text-sm text-muted-foreground">
              Reading the file…
            </span>
          )}
        </div>
      </form>
    </SectionCard>
  )
}

/** Steps 2 and 3: one run, polled while it imports. */
function Run({ id, onAnother }: { id: number; onAnother: () => void }) {
  const query = useQuery(importRunOptions(id))
  const report = query.data

  if (query.isPending)
    return (
      <div aria-hidden="true" className="grid gap-3 rounded-xl border bg-white p-6 shadow-sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    )
  if (!report) {
    const gone = query.error instanceof ApiError && query.error.status === 404
    return (
      <div className="grid gap-4 rounded-xl border bg-white shadow-sm">
        {gone ? (
          <p role="alert" className="p-6 text-sm text-slate-700">
            This import does not exist (any more).
          </p>
        ) : (
          <LoadFailure query={query}>The import could not be loaded.</LoadFailure>
        )}
        <div className="px-6 pb-6">
          <Button variant="outline" onClick={onAnother}>
            <RotateCcwIcon aria-hidden="true" />
            Choose another file
          </Button>
        </div>
      </div>
    )
  }
  if (report.state === 'checked') return <DryRun report={report} onAnother={onAnother} />
  return (
    <>
      {isRunning(report) ? <Progress report={report} /> : <Result report={report} onAnother={onAnother} />}
      <Items report={report} />
    </>
  )
}

function Summary({ report }: { report: ImportReport }) {
  const { counts } = report
  const tiles = [
    { label: count(counts.new, 'new post', 'new posts'), tone: 'text-emerald-800 bg-emerald-50 border-emerald-200' },
    { label: `${counts.existing.toLocaleString('en-US')} already here`, tone: 'text-slate-800 bg-slate-50' },
    { label: `${counts.skipped.toLocaleString('en-US')} skipped`, tone: 'text-amber-900 bg-amber-50 border-amber-200' },
  ]
  if (counts.warnings > 0)
    tiles.push({ label: count(counts.warnings, 'warning', 'warnings'), tone: 'text-amber-900 bg-amber-50' })
  return (
    <ul aria-label="What the file holds" className="flex flex-wrap gap-2">
      {tiles.map((t) => (
        <li key={t.label} className={`rounded-lg border px-3 py-2 text-sm font-semibold ${t.tone}`}>
          {t.label}
        </li>
      ))}
    </ul>
  )
}

/** Step 2: what an import of the file would do; 'Import N posts' or another file. */
function DryRun({ report, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const start = useStartImport()
  const [problem, setProblem] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const id = useId()
  const n = report.counts.new

  // The step takes the focus when it opens, so a screen reader hears what the file holds.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [])

  return (
    <>
      <SectionCard
        headingId={`${id}-heading`}
        headingRef={heading}
        title="2. Check what will be imported"
        description={
          <>
            <span className="break-words">{report.fileName}</span> — {IMPORT_FORMAT_LABELS[report.format]}
            {report.siteUrl && (
              <>
                {' from '}
                <span className="break-words">{report.siteUrl}</span>
              </>
            )}
            . Nothing has been written yet.
          </>
        }
        icon={<ListChecksIcon />}
        footer={
          <>
            <Button variant="outline" onClick={onAnother} disabled={start.isPending}>
              <RotateCcwIcon aria-hidden="true" />
              Choose another file
            </Button>
            <Button
              disabled={n === 0 || start.isPending}
              onClick={() => {
                setProblem(null)
                start.mutate(report.id, {
                  onError: (error) => {
                    // 409: already started (another tab); the screen follows that import instead.
                    if (error instanceof ApiError && error.status === 409) return
                    setProblem(
                      (error instanceof ApiError && error.serverMessage) ||
                        'The import could not be started. Please try again.',
                    )
                  },
                })
              }}
            >
              <BusyIcon busy={start.isPending} icon={ImportIcon} />
              {`Import ${count(n, 'post', 'posts')}`}
            </Button>
          </>
        }
      >
        <Summary report={report} />
        {n === 0 && <p className="text-sm text-muted-foreground">There is nothing new to import from this file.</p>}
        <FormProblem className="break-words">{problem}</FormProblem>
      </SectionCard>
      <Items report={report} />
    </>
  )
}

/** The posts of the file (a table; on a phone the columns go under the title) and the skipped items. */
function Items({ report }: { report: ImportReport }) {
  const id = useId()
  const reader = useReader()
  return (
    <>
      {report.items.length > 0 && (
        <section aria-labelledby={`${id}-posts`} className="min-w-0 rounded-xl border bg-white shadow-sm">
          <h2 id={`${id}-posts`} className="border-b px-4 py-4 text-lg font-semibold text-slate-900 sm:px-6">
            {`Posts in the file (${report.items.length.toLocaleString('en-US')})`}
          </h2>
          <ListTable
            columns={[
              { label: 'Title', className: 'px-4 py-2 sm:px-6' },
              { label: 'Status', className: 'hidden w-28 px-2 py-2 sm:table-cell' },
              { label: 'Published', className: 'hidden w-36 px-2 py-2 sm:table-cell' },
              { label: 'Action', className: 'w-32 py-2 pr-4 sm:w-36 sm:pr-6' },
            ]}
          >
            {report.items.map((item) => {
              const published = item.publishedAt ? (
                <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, 'date', reader)}</time>
              ) : (
                'Not yet'
              )
              return (
                <tr key={item.sourceId} className="align-top">
                  <td className="min-w-0 px-4 py-3 sm:px-6">
                    <span className="block font-medium break-words text-slate-900">{item.title}</span>
                    <span className="block text-xs break-all text-muted-foreground">/blog/{item.slug}</span>
                    {/* Under the title on narrow screens: the columns the table hides there. */}
                    <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground sm:hidden">
                      <span>{STATUS_LABELS[item.status]}</span>
                      <span>{published}</span>
                    </span>
                    {item.warnings.length > 0 && (
                      <ul aria-label="Warnings" className="mt-1.5 grid gap-1 text-xs text-amber-900">
                        {item.warnings.map((w) => (
                          <li key={w} className="flex items-start gap-1.5 break-words">
                            <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                            <span className="min-w-0">{w}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="hidden px-2 py-3 text-slate-700 sm:table-cell">{STATUS_LABELS[item.status]}</td>
                  <td className="hidden px-2 py-3 text-slate-700 sm:table-cell">{published}</td>
                  <td className="py-3 pr-4 sm:pr-6">
                    {item.action === 'existing' && item.postId !== null ? (
                      <Link
                        to={`/admin/blog/edit/${item.postId}`}
                        className="font-medium text-primary underline-offset-2 hover:underline"
                      >
                        Already here
                      </Link>
                    ) : item.action === 'existing' ? (
                      <Badge variant="muted">Already here</Badge>
                    ) : (
                      <Badge variant="success">New</Badge>
                    )}
                  </td>
                </tr>
              )
            })}
          </ListTable>
        </section>
      )}
      {report.skipped.length > 0 && (
        <section aria-labelledby={`${id}-skipped`} className="min-w-0 rounded-xl border bg-white shadow-sm">
          <h2 id={`${id}-skipped`} className="border-b px-4 py-4 text-lg font-semibold text-slate-900 sm:px-6">
            {`Skipped (${report.skipped.length.toLocaleString('en-US')})`}
          </h2>
          <ul className="divide-y text-sm">
            {report.skipped.map((s) => (
              <li key={s.sourceId} className="px-4 py-3 sm:px-6">
                <span className="block font-medium break-words text-slate-900">{s.title || s.sourceId}</span>
                <span className="block break-words text-muted-foreground">{s.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** Step 3 while the job runs: 'Imported 4 of 9' and a bar. */
function Progress({ report }: { report: ImportReport }) {
  const id = useId()
  const { done, total } = report.progress
  const percent = total > 0 ? Math.round((done / total) * 100) : 0
  const label = `Imported ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`
  return (
    <SectionCard
      headingId={`${id}-heading`}
      title="3. Importing"
      description="You can leave this page: the import goes on, and this address shows it again."
      icon={<ImportIcon />}
      busy
    >
      <div className="grid gap-2">
        <p id={`${id}-label`} role="status" className="text-sm font-medium text-slate-900">
          {label}
        </p>
        <div
          role="progressbar"
          aria-labelledby={`${id}-label`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </SectionCard>
  )
}

/** Step 3 at the end: what the import did, what went wrong, where to look. */
function Result({ report, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const r = report.result
  const failed = report.state === 'failed'

  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [])

  const lines = r
    ? [
        { label: count(r.created, 'post created', 'posts created'), key: 'created' },
        { label: `${r.existing.toLocaleString('en-US')} already here`, key: 'existing' },
        { label: `${r.failed.toLocaleString('en-US')} failed`, key: 'failed', bad: r.failed > 0 },
        { label: count(r.imagesStored, 'image stored', 'images stored'), key: 'images' },
        {
          label: count(r.imagesFailed, 'image could not be fetched', 'images could not be fetched'),
          key: 'imagesFailed',
          bad: r.imagesFailed > 0,
        },
        { label: count(r.redirects, 'redirect added', 'redirects added'), key: 'redirects' },
      ]
    : []

  return (
    <SectionCard
      headingId={`${id}-heading`}
      headingRef={heading}
      title={failed ? 'The import stopped' : 'Import finished'}
      description={
        failed
          ? 'Something went wrong before every post was imported. What was imported stays.'
          : `${report.fileName} has been imported.`
      }
      icon={failed ? <CircleAlertIcon /> : <CircleCheckIcon />}
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            <RotateCcwIcon aria-hidden="true" />
            Import another file
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/redirects">See the redirects</Link>
          </Button>
          <Button asChild>
            <Link to="/admin/blog">See the posts</Link>
          </Button>
        </>
      }
    >
      {lines.length > 0 && (
        <ul aria-label="What the import did" className="grid grid-cols-2 gap-2 lg:grid-cols-3">
          {lines.map((l) => (
            <li
              key={l.key}
              className={`rounded-lg border px-3 py-2 text-sm font-semibold ${l.bad ? 'border-red-200 bg-red-50 text-red-800' : 'bg-slate-50 text-slate-800'}`}
            >
              {l.label}
            </li>
          ))}
        </ul>
      )}
      {r && r.problems.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{`Problems (${r.problems.length})`}</h3>
          <ul className="grid gap-2 text-sm">
            {r.problems.map((p, i) => (
              <li
                // A post can have several problems (two images): the index keeps them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order
                key={`${p.sourceId}-${i}`}
                className="rounded-lg border border-amber-200 bg-amber-50 p-3 break-words text-amber-950"
              >
                <span className="block font-semibold">{p.title || p.sourceId}</span>
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  )
}
