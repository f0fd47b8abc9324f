import { MessageSquareWarningIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { useRequestChanges } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import { REVIEW_NOTE_MAX, ReviewChangesInput } from '#common/contract/review.ts'

/**
 * Issue 28: an Editor sends a post waiting for review back to its writer with a required note
 * (the review queue and the edit screen both offer it).
 */
export function RequestChangesDialog({
  post,
  open,
  onOpenChange,
}: {
  post: { id: number; title: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const request = useRequestChanges()
  return (
    <Dialog open={open} onOpenChange={(next) => (request.isPending && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-lg">
        <DialogHeading
          title="Request changes"
          description={`The writer of “${post.title}” sees your note on the edit screen, and can submit it again.`}
        />
        {/* Mounted on each opening: the note starts empty every time. */}
        {open && (
          <NoteForm
            pending={request.isPending}
            onSubmit={(note, setError) =>
              // mutateAsync: the step takes the post out of the queue (and its region off the edit
              // screen), and a mutation's per-call callbacks do not run once their component is gone.
              request.mutateAsync({ id: post.id, note }).then(
                () => {
                  onOpenChange(false)
                  toast({ title: 'Changes requested', description: 'The writer sees your note.' })
                },
                (error) => {
                  if (error instanceof ApiError && error.fields.note) setError(error.fields.note)
                  else {
                    onOpenChange(false)
                    toast({
                      title: 'Error',
                      description:
                        (error instanceof ApiError && error.serverMessage) ||
                        'Failed to send the note. Please try again.',
                      variant: 'destructive',
                    })
                  }
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function NoteForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (note: string, setError: (message: string) => void) => void
}) {
  const id = useId()
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <form
      noValidate
      className="grid min-w-0 gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        // Portalled out of the edit form in the page, but React still bubbles the submit to it:
        // stop here so the post form does not save as well.
        e.stopPropagation()
        if (pending) return
        const parsed = ReviewChangesInput.safeParse({ note })
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Say what should change')
          return
        }
        setError(undefined)
        onSubmit(parsed.data.note, setError)
      }}
    >
      <FormField
        id={`${id}-note`}
        label="What should change"
        error={error}
        hint={`Required; at most ${REVIEW_NOTE_MAX} characters.`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={REVIEW_NOTE_MAX}
            value={note}
            onChange={(e) => {
              setNote(e.target.value)
              setError(undefined)
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <DialogCancel disabled={pending} />
        <Button type="submit" disabled={pending}>
          <BusyIcon busy={pending} icon={MessageSquareWarningIcon} />
          {pending ? 'Sending...' : 'Send back to the writer'}
        </Button>
      </DialogFooter>
    </form>
  )
}
