import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FilePlus2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { DeletePostDialog } from '#app/features/posts/delete-post-dialog.tsx'
import { PostCardList } from '#app/features/posts/post-card-list.tsx'
import { PostFilters } from '#app/features/posts/post-filters.tsx'
import {
  ALL_CATEGORIES,
  categoryOptions,
  filterPosts,
  type ListedPost,
  matchesStatus,
} from '#app/features/posts/post-list-rules.ts'
import { PostTable } from '#app/features/posts/post-table.tsx'
import {
  type PostFilter,
  postListOptions,
  useCancelPostSchedule,
  useDeletePost,
  useSetPublished,
} from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'

const EMPTY = 'No blog posts found matching your criteria.'

/** docs/product.md §2 blog management: filters, the 'Blog Posts (N)' table, its row actions and toasts. */
export function PostManagement({ defaultAuthor }: { defaultAuthor: string }) {
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [status, setStatus] = useState<PostFilter>('all')
  const [toDelete, setToDelete] = useState<ListedPost | null>(null)

  // The categories offered come from every post, so picking a status never empties the menu.
  const all = useQuery(postListOptions('all'))
  // docs/product.md §7: the status filter is the list query's published=true|false (none for 'all').
  const list = useQuery({ ...postListOptions(status), placeholderData: keepPreviousData })
  const setPublished = useSetPublished()
  const deletePost = useDeletePost()
  const cancelSchedule = useCancelPostSchedule()

  const categories = useMemo(() => categoryOptions(all.data ?? []), [all.data])
  const rows = useMemo(() => {
    if (!list.data) return null
    // While another status is loading the previous answer stands in: filter it the same way.
    const byStatus = list.data.filter((p) => matchesStatus(p, status))
    return filterPosts(byStatus, { search, category })
  }, [list.data, status, search, category])

  const publish = (post: ListedPost) =>
    setPublished.mutate(
      { id: post.id, publish: true },
      {
        onSuccess: () => toast({ title: 'Published', description: 'Blog post published successfully!' }),
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to publish blog post.' }),
      },
    )
  const unpublish = (post: ListedPost) =>
    setPublished.mutate(
      { id: post.id, publish: false },
      {
        onSuccess: () => toast({ title: 'Unpublished', description: 'Blog post moved to drafts.' }),
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to unpublish blog post.' }),
      },
    )
  const unschedule = (post: ListedPost) =>
    cancelSchedule.mutate(post.id, {
      onSuccess: () => toast({ title: 'Schedule cancelled', description: `“${post.title}” stays a draft.` }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to cancel the schedule. Please try again.',
        }),
    })
  const confirmDelete = () => {
    if (!toDelete) return
    deletePost.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Success', description: 'Blog post deleted successfully.' }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete blog post.' }),
      onSettled: () => setToDelete(null),
    })
  }

  const filtered = search.trim() !== '' || category !== ALL_CATEGORIES || status !== 'all'
  const clearFilters = () => {
    setSearch('')
    setCategory(ALL_CATEGORIES)
    setStatus('all')
  }

  let state: React.ComponentProps<typeof PostTable>['state']
  if (list.isPending) state = 'loading'
  else if (list.isError && !list.data)
    state = {
      message: (
        <div className="space-y-3">
          <p className="font-medium text-slate-900">The blog posts could not be loaded.</p>
          <p>Check your connection, then try again.</p>
          <Button variant="outline" onClick={() => list.refetch()} disabled={list.isFetching}>
            Try again
          </Button>
        </div>
      ),
    }
  else if (rows?.length === 0)
    state = {
      message: (
        <div className="space-y-3">
          <p>{EMPTY}</p>
          {filtered ? (
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/admin/blog/create">
                <FilePlus2Icon aria-hidden="true" />
                Write the first post
              </Link>
            </Button>
          )}
        </div>
      ),
    }

  const busyId = setPublished.isPending
    ? (setPublished.variables?.id ?? null)
    : deletePost.isPending
      ? (deletePost.variables ?? null)
      : cancelSchedule.isPending
        ? (cancelSchedule.variables ?? null)
        : null

  const view: React.ComponentProps<typeof PostTable> = {
    posts: rows,
    defaultAuthor,
    state,
    busyId,
    onPublish: publish,
    onUnpublish: unpublish,
    onCancelSchedule: unschedule,
    onDelete: setToDelete,
  }

  return (
    <section aria-labelledby="blog-posts-heading" className="rounded-xl border bg-white shadow-sm">
      <div className="flex flex-col gap-4 border-b p-4 sm:p-6">
        <h2 id="blog-posts-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {rows ? `Blog Posts (${rows.length})` : 'Blog Posts'}
          {!rows && <Skeleton className="inline-block h-5 w-8" />}
        </h2>
        <PostFilters
          search={search}
          onSearchChange={setSearch}
          category={category}
          onCategoryChange={setCategory}
          categories={categories}
          status={status}
          onStatusChange={setStatus}
        />
      </div>
      <p role="status" className="sr-only">
        {rows ? `${rows.length} ${rows.length === 1 ? 'post' : 'posts'} shown` : ''}
      </p>
      {/* One of the two is displayed: a table from the md breakpoint, cards below it. */}
      <div aria-busy={list.isFetching || undefined} className="hidden px-4 pb-2 md:block">
        <PostTable {...view} />
      </div>
      <div aria-busy={list.isFetching || undefined} className="px-4 md:hidden">
        <PostCardList {...view} />
      </div>
      <DeletePostDialog
        post={toDelete}
        deleting={deletePost.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </section>
  )
}
