import { useQuery } from '@tanstack/react-query'
import { HistoryIcon, RotateCcwIcon } from 'lucide-react'
import { useState } from 'react'
import { AlertDialogAction, ConfirmDialog } from '#app/components/ui/alert-dialog.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { InlineLoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { EditorCard } from '#app/features/editor/editor-page.tsx'
import { TextDiff } from '#app/features/editor/revision-diff.tsx'
import { revisionListOptions, revisionOptions, useRestoreRevision } from '#app/features/editor/revision-queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import type { Post } from '#common/contract/posts.ts'
import type { RevisionListItem, RevisionReason } from '#common/contract/revisions.ts'
import { relativeTime } from '#common/text-rules.ts'

const REASONS: Record<RevisionReason, string> = {
  create: 'Created',
  update: 'Edited',
  publish: 'Published',
  unpublish: 'Moved to drafts',
  schedule: 'Scheduled',
  restore: 'Restored',
  autosave: 'Autosaved',
}

/**
 * Issue 15: the saved versions of this post, newest first; one chosen shows what differs from the
 * saved post and can be restored. `onRestored` gets the post as the server now holds it.
 */
export function RevisionHistory({ post, onRestored }: { post: Post; onRestored: (post: Post) => void }) {
  const list = useQuery(revisionListOptions(post.id))
  const [chosen, setChosen] = useState<number | null>(null)

  return (
    <EditorCard
      title="History"
      icon={<HistoryIcon />}
      description="Every save, publish and restore keeps a version. Choose one to compare it with the saved post."
    >
      {list.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading history…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : list.isError ? (
        <InlineLoadFailure onRetry={() => list.refetch()}>The history could not be loaded.</InlineLoadFailure>
      ) : list.data.revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No versions yet: the next save keeps the first one.</p>
      ) : (
        <div className="grid min-w-0 items-start gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <ol aria-label="Versions" className="grid max-h-96 gap-1.5 overflow-y-auto p-0.5">
            {list.data.revisions.map((revision) => (
              <li key={revision.id}>
                <RevisionButton
                  revision={revision}
                  current={chosen === revision.id}
                  onChoose={() => setChosen(revision.id)}
                />
              </li>
            ))}
          </ol>
          {chosen === null ? (
            <p className="text-sm text-muted-foreground">Choose a version to see what changed since.</p>
          ) : (
            <RevisionComparison
              post={post}
              revisionId={chosen}
              onRestored={(restored) => {
                setChosen(null)
                onRestored(restored)
              }}
            />
          )}
        </div>
      )}
    </EditorCard>
  )
}

function RevisionButton({
  revision,
  current,
  onChoose,
}: {
  revision: RevisionListItem
  current: boolean
  onChoose: () => void
}) {
  const exact = formatDate(revision.createdAt, 'moment', useReader())
  return (
    <button
      type="button"
      aria-pressed={current}
      onClick={onChoose}
      className={cn(
        'grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        current && 'border-violet-400 bg-violet-50 hover:bg-violet-50',
      )}
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium text-slate-900">{REASONS[revision.reason]}</span>
        <time dateTime={revision.createdAt} title={exact} className="text-xs text-slate-600">
          {relativeTime(revision.createdAt)}
        </time>
      </span>
      <span className="truncate text-slate-700">{revision.title}</span>
      <span className="text-xs text-slate-600">
        {exact} · {revision.user ? `by ${revision.user}` : 'by the system'} · {revision.words.toLocaleString('en-US')}{' '}
        {revision.words === 1 ? 'word' : 'words'}
      </span>
    </button>
  )
}

function RevisionComparison({
  post,
  revisionId,
  onRestored,
}: {
  post: Post
  revisionId: number
  onRestored: (post: Post) => void
}) {
  const revision = useQuery(revisionOptions(post.id, revisionId))
  const restore = useRestoreRevision(post.id)
  const reader = useReader()

  if (revision.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading version…</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (revision.isError) {
    return <InlineLoadFailure onRetry={() => revision.refetch()}>This version could not be loaded.</InlineLoadFailure>
  }

  const { fields, createdAt } = revision.data
  const when = formatDate(createdAt, 'moment', reader)
  const doRestore = () =>
    restore.mutate(revisionId, {
      onSuccess: (answer) => {
        onRestored(answer.post)
        toast({ title: 'Version restored', description: `The post is back to the version of ${when}.` })
      },
      onError: (error) => {
        const conflict = error instanceof ApiError && error.status === 409
        toast({
          title: 'Error',
          description: conflict
            ? 'This version’s slug is now used by another post. Change that post’s slug first.'
            : 'The version could not be restored. Please try again.',
          variant: 'destructive',
        })
      },
    })

  return (
    <section aria-label={`Version of ${when}`} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          Changes from the version of <strong className="font-semibold">{when}</strong> to the saved post.{' '}
          <span className="text-red-800 line-through">Struck red</span> text is only in that version,{' '}
          <span className="text-green-800 underline">underlined green</span> text only in the saved post.
        </p>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" disabled={restore.isPending}>
              <RotateCcwIcon aria-hidden="true" />
              {restore.isPending ? 'Restoring…' : 'Restore this version'}
            </Button>
          }
          title={<>Restore the version of {when}?</>}
          description={
            <>
              The title, slug, excerpt, content, images, category, tags and author go back to this version and are saved
              at once. The post stays {post.isPublished ? 'published' : 'a draft'}. Unsaved changes in the form are
              replaced; the current text stays in the history.
            </>
          }
          action={
            <AlertDialogAction className={buttonVariants()} onClick={doRestore}>
              Restore
            </AlertDialogAction>
          }
        />
      </div>
      <TextDiff label="Title" before={fields.title} after={post.title} />
      <TextDiff label="Excerpt" before={fields.excerpt ?? ''} after={post.excerpt ?? ''} />
      <TextDiff label="Content" before={fields.content} after={post.content} />
    </section>
  )
}
