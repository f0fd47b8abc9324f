import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon, FileQuestionIcon, Link2OffIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { EditPostForm } from '#app/features/editor/edit-post-form.tsx'
import { EditorPage } from '#app/features/editor/editor-page.tsx'
import { postDetailOptions } from '#app/lib/post-queries.ts'
import type { Post } from '#common/contract/posts.ts'

/** What the route puts in the edit screen: the X publishing panel, the post's own figures. */
export type EditScreenSlot = (post: Post) => React.ReactNode

interface Slots {
  /** Below the Content card. */
  xPanel?: EditScreenSlot
  /** At the end of the Metadata card (issue 16). */
  figures?: EditScreenSlot
  /** Issue 28: the signed-in person may send a post in review back to its writer (Editors and up). */
  reviewer?: boolean
  /** Issue 30: the signed-in person may send posts as newsletters ('Send as newsletter'). */
  newsletters?: boolean
  /** Issue 30: the Newsletter panel, after the Promote panel. */
  newsletterPanel?: EditScreenSlot
}

/** docs/product.md §2 Edit post: loading skeleton, not-found card, invalid route, or the form. */
export function EditPostScreen({ id, ...slots }: { id: number | null } & Slots) {
  if (id === null) return <InvalidRoute />
  return <LoadedEditPost id={id} {...slots} />
}

function LoadedEditPost({
  id,
  xPanel,
  figures,
  newsletterPanel,
  reviewer = false,
  newsletters = false,
}: { id: number } & Slots) {
  const query = useQuery(postDetailOptions(id))
  if (query.isPending) return <EditPostSkeleton />
  // docs/product.md §7: any non-OK answer for GET /api/blog/id/{id} means "Post not found".
  if (query.isError) return <PostNotFound />
  return (
    <EditPostForm
      key={query.data.id}
      post={query.data}
      xPanel={xPanel?.(query.data)}
      figures={figures?.(query.data)}
      newsletterPanel={newsletterPanel?.(query.data)}
      reviewer={reviewer}
      newsletters={newsletters}
    />
  )
}

function Message({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-24">
      <main className="w-full max-w-md">
        <section className="flex flex-col items-center gap-4 rounded-xl border bg-white px-6 py-10 text-center shadow-sm">
          <span
            className="flex size-12 items-center justify-center rounded-full bg-violet-50 text-violet-700 [&_svg]:size-6"
            aria-hidden="true"
          >
            {icon}
          </span>
          <h1 className="text-xl font-bold text-slate-900">{title}</h1>
          <p className="text-sm text-muted-foreground">{text}</p>
          <Button asChild className="mt-2">
            <Link to="/admin/blog">
              <ArrowLeftIcon aria-hidden="true" />
              Back to Blog Management
            </Link>
          </Button>
        </section>
      </main>
    </div>
  )
}

export function PostNotFound() {
  return (
    <Message
      icon={<FileQuestionIcon />}
      title="Post Not Found"
      text="The blog post you're trying to edit doesn't exist."
    />
  )
}

export function InvalidRoute() {
  return (
    <Message
      icon={<Link2OffIcon />}
      title="Invalid route"
      text="A post is edited at /admin/blog/edit/ followed by its number, for example /admin/blog/edit/12."
    />
  )
}

/** The edit screen's shape while the post loads, so nothing jumps when it arrives. */
export function EditPostSkeleton() {
  return (
    <EditorPage
      title="Edit Blog Post"
      description={<Skeleton className="h-4 w-64" />}
      actions={<Skeleton className="h-10 w-32" />}
    >
      <div role="status" aria-live="polite" className="grid gap-6">
        <span className="sr-only">Loading post…</span>
        {/* The editor's shape (decision 057): the writing, and the settings beside it on a wide screen. */}
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
          <SkeletonCard rows={2} tall />
          <SkeletonCard className="hidden xl:block" rows={4} />
        </div>
      </div>
    </EditorPage>
  )
}

function SkeletonCard({ rows, className, tall }: { rows: number; className?: string; tall?: boolean }) {
  return (
    <div className={`rounded-xl border bg-white shadow-sm ${className ?? ''}`}>
      <div className="border-b px-6 py-4">
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="grid gap-5 px-6 py-5">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className={tall && i === rows - 1 ? 'h-96 w-full' : 'h-10 w-full'} />
          </div>
        ))}
      </div>
    </div>
  )
}
