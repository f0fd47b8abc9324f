import { ConfirmDialog } from '#app/components/ui/alert-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

export interface DeletePostDialogProps {
  /** The post to delete; the dialog is open while it is set. */
  post: { title: string } | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** docs/product.md §8: 'Delete Blog Post', the exact question, Cancel and Delete. */
export function DeletePostDialog({ post, deleting, onConfirm, onClose }: DeletePostDialogProps) {
  return (
    <ConfirmDialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose()
      }}
      title="Delete Blog Post"
      description={`Are you sure you want to delete "${post?.title ?? ''}"? This action cannot be undone.`}
      descriptionClassName="wrap-anywhere"
      cancel={{ disabled: deleting }}
      action={
        // Not AlertDialogAction: the dialog stays open until the server has answered.
        <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
          Delete
        </Button>
      }
    />
  )
}
