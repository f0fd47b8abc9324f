import { useQuery } from '@tanstack/react-query'
import { GitMergeIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { InlineLoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { savedPostOptions } from '#app/features/editor/queries.ts'
import { SideBySideDiff } from '#app/features/editor/revision-diff.tsx'
import { formatDate, useReader } from '#app/lib/dates.ts'
import type { Post, VersionConflict } from '#common/contract/posts.ts'
import { relativeTime } from '#common/text-rules.ts'

/** The texts a writer compares and merges by hand; every other field is saved as in their form. */
export interface MergeText {
  title: string
  excerpt: string
  content: string
}

/** The texts compared side by side, in this order. */
const COMPARED = [
  { field: 'title', label: 'Title' },
  { field: 'excerpt', label: 'Excerpt' },
  { field: 'content', label: 'Content' },
] as const satisfies readonly { field: keyof MergeText; label: string }[]

interface Props {
  postId: number
  /** The 409's answer: open while set. */
  conflict: VersionConflict | null
  /** The writer's unsaved text, as the form holds it. */
  mine: MergeText
  busy: boolean
  onKeepMine: (theirs: Post) => void
  onTakeTheirs: (theirs: Post) => void
  onSaveMerged: (merged: MergeText, theirs: Post) => void
  onClose: () => void
}

/**
 * Issue 28: a save met a newer version of the post. Both versions side by side (the revision word
 * diff), and the writer chooses: keep mine (saved over theirs, which stays in the history), take
 * theirs (loaded into the form, not saved), or merge by hand. Closing saves nothing.
 */
export function ConflictDialog({ conflict, onClose, ...rest }: Props) {
  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        {conflict && <ConflictBody key={conflict.version} conflict={conflict} onClose={onClose} {...rest} />}
      </DialogContent>
    </Dialog>
  )
}

function ConflictBody({
  postId,
  conflict,
  mine,
  busy,
  onKeepMine,
  onTakeTheirs,
  onSaveMerged,
  onClose,
}: Props & { conflict: VersionConflict }) {
  const reader = useReader()
  const saved = useQuery(savedPostOptions(postId, conflict.version))
  const [merging, setMerging] = useState<MergeText | null>(null)
  const who = conflict.by?.name ?? 'The schedule or the command line'
  const theirsLabel = `Theirs: ${conflict.by?.name ?? 'saved'} (version ${saved.data?.version ?? conflict.version})`

  return (
    <>
      <DialogHeading
        title="This post was changed while you were editing"
        description={
          <>
            {who} saved version {conflict.version}{' '}
            <time dateTime={conflict.updatedAt} title={formatDate(conflict.updatedAt, 'moment', reader)}>
              {relativeTime(conflict.updatedAt)}
            </time>{' '}
            ({formatDate(conflict.updatedAt, 'moment', reader)}). Nothing of yours was saved yet: choose what to keep.
          </>
        }
      />
      {saved.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading their version…</span>
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : saved.isError ? (
        <InlineLoadFailure onRetry={() => saved.refetch()}>Their version could not be loaded.</InlineLoadFailure>
      ) : merging ? (
        <MergeEditor
          theirs={saved.data}
          merged={merging}
          onChange={setMerging}
          busy={busy}
          onBack={() => setMerging(null)}
          onSave={() => onSaveMerged(merging, saved.data)}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="text-red-800 line-through">Struck red</span> text is only in theirs,{' '}
            <span className="text-green-800 underline">underlined green</span> text only in yours.
          </p>
          <div className="grid min-w-0 gap-4">
            {COMPARED.map(({ field, label }) => (
              <SideBySideDiff
                key={field}
                label={label}
                theirs={saved.data[field] ?? ''}
                mine={mine[field]}
                theirsLabel={theirsLabel}
                mineLabel="Yours (not saved)"
              />
            ))}
          </div>
          <DialogFooter className="flex-wrap">
            <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
              Decide later
            </Button>
            <Button type="button" variant="outline" onClick={() => setMerging({ ...mine })} disabled={busy}>
              <GitMergeIcon aria-hidden="true" />
              Merge by hand
            </Button>
            <Button type="button" variant="outline" onClick={() => onTakeTheirs(saved.data)} disabled={busy}>
              Take theirs
            </Button>
            <Button type="button" onClick={() => onKeepMine(saved.data)} disabled={busy}>
              {busy ? 'Saving...' : 'Keep mine'}
            </Button>
          </DialogFooter>
        </>
      )}
    </>
  )
}

function MergeEditor({
  theirs,
  merged,
  onChange,
  busy,
  onBack,
  onSave,
}: {
  theirs: Post
  merged: MergeText
  onChange: (merged: MergeText) => void
  busy: boolean
  onBack: () => void
  onSave: () => void
}) {
  const id = useId()
  const field = (name: keyof MergeText) => ({
    id: `${id}-${name}`,
    value: merged[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...merged, [name]: e.target.value }),
  })
  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm text-slate-700">
        The merged text starts as yours; copy in what you want to keep of theirs, then save. The other fields are saved
        as your form holds them.
      </p>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-title`}>Merged title</Label>
        <Input {...field('title')} />
        <p className="text-xs text-slate-600 wrap-anywhere">Theirs: {theirs.title}</p>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-excerpt`}>Merged excerpt</Label>
        <Textarea rows={2} {...field('excerpt')} />
      </div>
      <div className="grid min-w-0 gap-3 md:grid-cols-2">
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={`${id}-content`}>Merged content</Label>
          <Textarea rows={14} className="font-mono text-sm" {...field('content')} />
        </div>
        <div className="grid min-w-0 content-start gap-1.5">
          <span className="text-sm font-medium">Their content (version {theirs.version})</span>
          <pre className="max-h-80 min-w-0 overflow-y-auto rounded-md border bg-slate-50 p-3 font-mono text-sm wrap-anywhere whitespace-pre-wrap">
            {theirs.content}
          </pre>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
          Back to the comparison
        </Button>
        <Button type="button" onClick={onSave} disabled={busy}>
          {busy ? 'Saving...' : 'Save merged version'}
        </Button>
      </DialogFooter>
    </div>
  )
}
