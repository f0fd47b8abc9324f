import type { UseMutationResult } from '@tanstack/react-query'
import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '#app/components/ui/alert-dialog.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'

/**
 * The trash button of an admin list's row (redirects, subscribers): 'Delete <name>?' asks, then
 * `remove` deletes row `id`, and a toast says `deleted` or, failing, the server's message or `failed`.
 */
export function DeleteRowButton({
  id,
  name,
  title,
  description,
  remove,
  deleted,
  failed,
}: {
  id: number
  name: string
  title: string
  description: string
  remove: UseMutationResult<unknown, Error, number>
  deleted: { title: string; description: string }
  failed: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      descriptionClassName="break-all"
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} title="Delete">
          <Trash2Icon aria-hidden="true" />
        </Button>
      }
      action={
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(id, {
              onSuccess: () => {
                setOpen(false)
                toast(deleted)
              },
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Delete failed',
                  description: (error instanceof ApiError && error.serverMessage) || failed,
                }),
            })
          }
        >
          <BusyIcon busy={remove.isPending} icon={Trash2Icon} />
          Delete
        </Button>
      }
    />
  )
}
