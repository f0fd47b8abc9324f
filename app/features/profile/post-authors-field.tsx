import { useQuery } from '@tanstack/react-query'
import { ArrowDownIcon, ArrowUpIcon, type LucideIcon, PlusIcon, SaveIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormProblem } from '#app/components/ui/form-field.tsx'
import { postAuthorsOptions, staffChoicesOptions, useSavePostAuthors } from '#app/features/profile/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import { bylineText } from '#common/blog-rules.ts'
import { POST_AUTHORS_MAX, type PostAuthor } from '#common/contract/profile.ts'

/**
 * Issue 28: a post's authors on its edit screen, in byline order. Those who may change any post
 * (`canSet`: Editors and above) choose them and save them on their own; others see who they are.
 */
export function PostAuthorsField({ postId, canSet }: { postId: number; canSet: boolean }) {
  const id = useId()
  const query = useQuery(postAuthorsOptions(postId))
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-xl border bg-slate-50/60 p-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-800">
        Authors
      </h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the authors…</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The authors could not be loaded.
        </p>
      ) : canSet ? (
        <AuthorsEditor postId={postId} saved={query.data} />
      ) : (
        <p className="text-sm text-slate-700">
          {query.data.length > 0 ? bylineText(query.data.map((a) => a.name)) : 'None: the author field shows.'}
        </p>
      )}
    </section>
  )
}

function AuthorsEditor({ postId, saved }: { postId: number; saved: PostAuthor[] }) {
  const id = useId()
  const staff = useQuery(staffChoicesOptions())
  const save = useSavePostAuthors(postId)
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>(saved)
  const [adding, setAdding] = useState('')
  const available = (staff.data ?? []).filter((s) => !s.suspended && !chosen.some((c) => c.id === s.id))
  const changed = chosen.map((c) => c.id).join(',') !== saved.map((a) => a.id).join(',')
  const move = (from: number, to: number) =>
    setChosen((list) => {
      const next = [...list]
      const [item] = next.splice(from, 1)
      if (item) next.splice(to, 0, item)
      return next
    })
  const error =
    save.error instanceof ApiError
      ? (Object.values(save.error.fields)[0] ?? save.error.serverMessage ?? 'The authors were not saved.')
      : save.error
        ? 'The authors were not saved.'
        : null

  return (
    <div className="grid gap-3">
      {chosen.length === 0 ? (
        <p className="text-sm text-muted-foreground">No authors: the post shows its author field.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Authors in byline order">
          {chosen.map((author, i) => (
            <li
              key={author.id}
              className="flex min-w-0 items-center justify-between gap-2 rounded-lg border bg-white px-3 py-1.5"
            >
              <span className="min-w-0 truncate text-sm font-medium text-slate-900">
                {i + 1}. {author.name}
              </span>
              <span className="flex shrink-0 gap-1">
                <RowButton
                  label={`Move ${author.name} up`}
                  icon={ArrowUpIcon}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <RowButton
                  label={`Move ${author.name} down`}
                  icon={ArrowDownIcon}
                  disabled={i === chosen.length - 1}
                  onClick={() => move(i, i + 1)}
                />
                <RowButton
                  label={`Remove ${author.name}`}
                  icon={XIcon}
                  onClick={() => setChosen((list) => list.filter((a) => a.id !== author.id))}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={`${id}-add`} className="text-xs font-medium text-slate-700">
            Add an author
          </label>
          <select
            id={`${id}-add`}
            className="h-9 min-w-0 rounded-md border border-input bg-white px-2 text-sm"
            value={adding}
            disabled={staff.isPending || chosen.length >= POST_AUTHORS_MAX}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">{staff.isPending ? 'Loading the staff…' : 'Choose a person'}</option>
            {available.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name ?? s.username}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={adding === ''}
          onClick={() => {
            const person = available.find((s) => String(s.id) === adding)
            if (person) setChosen((list) => [...list, { id: person.id, name: person.name ?? person.username }])
            setAdding('')
          }}
        >
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </div>
      <FormProblem>{error}</FormProblem>
      <div>
        <Button
          type="button"
          size="sm"
          disabled={!changed || chosen.length === 0 || save.isPending}
          onClick={() =>
            save.mutate(
              { authors: chosen.map((a) => a.id) },
              { onSuccess: () => toast({ title: 'Authors saved', description: 'The byline shows them now.' }) },
            )
          }
        >
          <BusyIcon busy={save.isPending} icon={SaveIcon} />
          Save authors
        </Button>
      </div>
    </div>
  )
}

/** An author row's small icon button (up, down, remove), named for screen readers by `label`. */
function RowButton({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string
  icon: LucideIcon
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  )
}
