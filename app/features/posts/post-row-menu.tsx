import {
  CalendarXIcon,
  ExternalLinkIcon,
  EyeOffIcon,
  MoreHorizontalIcon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx'
import { isScheduled, type ListedPost } from '#app/features/posts/post-list-rules.ts'

export interface PostRowMenuProps {
  post: ListedPost
  disabled?: boolean
  onPublish: (post: ListedPost) => void
  onUnpublish: (post: ListedPost) => void
  onCancelSchedule: (post: ListedPost) => void
  onDelete: (post: ListedPost) => void
}

/**
 * docs/product.md §2 row action menu: View Post, Edit, Move to Drafts or Publish Now (which also drops a
 * schedule), Cancel schedule for a scheduled draft (issue 14), Delete.
 */
export function PostRowMenu({ post, disabled, onPublish, onUnpublish, onCancelSchedule, onDelete }: PostRowMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${post.title}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem asChild>
          <a href={`/blog/${encodeURIComponent(post.slug)}`} target="_blank" rel="noopener">
            <ExternalLinkIcon aria-hidden="true" />
            View Post
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`/admin/blog/edit/${post.id}`}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </DropdownMenuItem>
        {post.isPublished ? (
          <DropdownMenuItem onSelect={() => onUnpublish(post)}>
            <EyeOffIcon aria-hidden="true" />
            Move to Drafts
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onPublish(post)}>
            <SendIcon aria-hidden="true" />
            Publish Now
          </DropdownMenuItem>
        )}
        {isScheduled(post) && (
          <DropdownMenuItem onSelect={() => onCancelSchedule(post)}>
            <CalendarXIcon aria-hidden="true" />
            Cancel schedule
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(post)}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
