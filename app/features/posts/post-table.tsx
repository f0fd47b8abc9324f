import { placeholderKeys, Skeleton, SkeletonBars } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { PostAuthor, PostCategory, PostCreated, PostStatus, PostThumbnail } from '#app/features/posts/post-cells.tsx'
import type { ListedPost } from '#app/features/posts/post-list-rules.ts'
import { PostRowMenu } from '#app/features/posts/post-row-menu.tsx'
import { cn } from '#app/lib/utils.ts'

/** docs/product.md §9: the admin list shows 5 skeleton rows while loading. */
export const SKELETON_ROWS = 5
export const SKELETON_KEYS = placeholderKeys(SKELETON_ROWS)

const COLUMNS = ['Title', 'Author', 'Category', 'Status', 'Views', 'Created', 'Actions'] as const
/** Fixed widths: the columns keep their place whether the body shows rows, skeletons or a message. */
const WIDTHS = ['34%', '14%', '12%', '10%', '7%', '17%', '6%'] as const

export interface PostListViewProps {
  posts: readonly ListedPost[] | null
  /** The team's name, shown when a post has no author (docs/product.md §2/§9). */
  defaultAuthor: string
  /** Shown instead of rows: the loading, error or empty state. */
  state?: 'loading' | { message: React.ReactNode }
  /** The post whose publish/unpublish/delete is in flight, dimmed meanwhile. */
  busyId?: number | null
  onPublish: (post: ListedPost) => void
  onUnpublish: (post: ListedPost) => void
  /** Issue 14: DELETE the schedule of a scheduled draft. */
  onCancelSchedule: (post: ListedPost) => void
  onDelete: (post: ListedPost) => void
}

export function PostTable({ posts, defaultAuthor, state, busyId, ...actions }: PostListViewProps) {
  return (
    <Table className="min-w-[960px] table-fixed">
      <colgroup>
        {WIDTHS.map((width, i) => (
          <col key={COLUMNS[i]} style={{ width }} />
        ))}
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COLUMNS.map((c) => (
            <TableHead key={c} className={cn(c === 'Views' && 'text-right', c === 'Actions' && 'text-right')}>
              {c}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {state === 'loading' ? (
          SKELETON_KEYS.map((key) => <SkeletonRow key={key} />)
        ) : state ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMNS.length} className="py-16 text-center text-muted-foreground">
              {state.message}
            </TableCell>
          </TableRow>
        ) : (
          posts?.map((post) => (
            <TableRow
              key={post.id}
              aria-busy={busyId === post.id || undefined}
              className={cn(busyId === post.id && 'opacity-60')}
            >
              <TableCell>
                <div className="flex items-center gap-3">
                  {post.featuredImage && <PostThumbnail src={post.featuredImage} />}
                  <div className="min-w-0">
                    <p className="line-clamp-1 font-medium text-slate-900">{post.title}</p>
                    {post.excerpt && (
                      <p className="mt-0.5 line-clamp-1 text-xs text-muted-foreground">{post.excerpt}</p>
                    )}
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <PostAuthor post={post} defaultAuthor={defaultAuthor} />
              </TableCell>
              <TableCell>
                <PostCategory category={post.category} />
              </TableCell>
              <TableCell>
                <PostStatus post={post} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{post.viewCount.toLocaleString('en-US')}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                <PostCreated post={post} />
              </TableCell>
              <TableCell className="text-right">
                <PostRowMenu post={post} disabled={busyId === post.id} {...actions} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  )
}

/** The placeholder of each column after the first: author, category, status, views, created, actions. */
const SKELETON_CELLS = [
  'h-4 w-28',
  'h-5 w-20 rounded-full',
  'h-5 w-16 rounded-full',
  'ml-auto h-4 w-8',
  'h-4 w-24',
  'ml-auto size-8',
]

function SkeletonRow() {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell>
        <div className="flex items-center gap-3">
          <Skeleton className="size-11 rounded-md" />
          <SkeletonBars className="space-y-2" bars={['h-4 w-48', 'h-3 w-60']} />
        </div>
      </TableCell>
      {SKELETON_CELLS.map((cell) => (
        <TableCell key={cell}>
          <Skeleton className={cell} />
        </TableCell>
      ))}
    </TableRow>
  )
}
