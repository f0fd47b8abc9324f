import { useQuery } from '@tanstack/react-query'
import { CheckIcon, Link2Icon } from 'lucide-react'
import { useState } from 'react'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { InlineLoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { EditorCard } from '#app/features/editor/editor-page.tsx'
import { linkSuggestionsOptions } from '#app/features/editor/queries.ts'
import { toast } from '#app/lib/toast.ts'
import { insertLink } from '#common/internal-links.ts'

/**
 * Issue 15 §4: published posts related to this one, each with a phrase of this post to link.
 * 'Insert link' turns the phrase's first plain occurrence into a markdown link in the content
 * field; saving stays the writer's choice.
 */
export function InternalLinksCard({ postId, form }: { postId: number; form: EditorForm }) {
  const q = useQuery(linkSuggestionsOptions(postId))
  const [inserted, setInserted] = useState<Set<number>>(() => new Set())

  const insert = (s: { postId: number; slug: string; anchorText: string; title: string }) => {
    const next = insertLink(form.getValues('content'), s.anchorText, `/blog/${s.slug}`)
    if (next === null) {
      toast({
        title: 'Link not inserted',
        description: `“${s.anchorText}” is no longer in the content as plain text.`,
        variant: 'destructive',
      })
      return
    }
    form.setValue('content', next, { shouldDirty: true })
    setInserted((set) => new Set(set).add(s.postId))
    toast({ title: 'Link inserted', description: `“${s.anchorText}” now links to “${s.title}”. Save to keep it.` })
  }

  return (
    <EditorCard
      title="Internal links"
      icon={<Link2Icon />}
      description="Published posts related to this one, as saved. Each link goes on a phrase already in your text."
    >
      {q.isPending ? (
        <div className="grid gap-2">
          <span className="sr-only">Loading link suggestions…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : q.isError ? (
        <InlineLoadFailure className="text-slate-700" onRetry={() => void q.refetch()}>
          <p>Link suggestions could not be loaded.</p>
        </InlineLoadFailure>
      ) : q.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No related published posts yet, or none whose title or tags appear in this post’s text. Save after writing
          more to look again.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Link suggestions">
          {q.data.map((s) => {
            const done = inserted.has(s.postId)
            return (
              <li
                key={s.postId}
                className="flex flex-col gap-2 rounded-lg border bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-800">{s.title}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    On “{s.anchorText}” → /blog/{s.slug}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={done}
                  onClick={() => insert(s)}
                  aria-label={done ? `Link to ${s.title} inserted` : `Insert link to ${s.title}`}
                >
                  {done ? <CheckIcon aria-hidden="true" /> : <Link2Icon aria-hidden="true" />}
                  {done ? 'Inserted' : 'Insert link'}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </EditorCard>
  )
}
