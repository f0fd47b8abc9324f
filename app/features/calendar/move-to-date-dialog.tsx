import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { dayKey, onDay } from '#app/features/calendar/calendar-dates.ts'
import { itemLabel } from '#app/features/calendar/calendar-item.tsx'
import { asksAboutXPosts, xPostsChoiceLabel } from '#app/features/calendar/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import { type CalendarItem, scheduleProblem, X_POSTS_CHOICES, type XPostsChoice } from '#common/contract/schedule.ts'

export interface MoveToDateDialogProps {
  /** The item to move; the dialog is open while it is set. */
  item: CalendarItem | null
  moving: boolean
  /** Moves the item to `at` (a post's X posts as chosen); resolves with the server's refusal, or null when it moved. */
  onMove: (item: CalendarItem, at: Date, xPosts?: XPostsChoice) => Promise<string | null>
  onClose: () => void
}

/** 'Move to date…': the way to reschedule without dragging (keyboard, phone, any pointer). */
export function MoveToDateDialog({ item, moving, onMove, onClose }: MoveToDateDialogProps) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !moving) onClose()
      }}
    >
      <DialogContent>
        {item && <MoveForm key={`${item.type}-${item.id}`} item={item} moving={moving} onMove={onMove} />}
      </DialogContent>
    </Dialog>
  )
}

function MoveForm({
  item,
  moving,
  onMove,
}: {
  item: CalendarItem
  moving: boolean
  onMove: MoveToDateDialogProps['onMove']
}) {
  const at = new Date(item.at)
  const reader = useReader()
  const [day, setDay] = useState(dayKey(at))
  const [error, setError] = useState<string | null>(null)
  // Issue 27: a post with scheduled X posts asks what they do; moving them along is the default.
  const asks = asksAboutXPosts(item)
  const [xPosts, setXPosts] = useState<XPostsChoice>('move')
  const choiceName = useId()
  const fieldId = useId()
  const hintId = useId()
  const errorId = useId()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const target = onDay(at, day)
    if (!target) return setError('Pick a date')
    if (day === dayKey(at)) return setError('Pick another date: it is already on this one')
    const problem = scheduleProblem(target, new Date())
    if (problem)
      return setError(problem === 'Must be in the future' ? `${problem}: pick today or a later date` : problem)
    setError(await onMove(item, target, asks ? xPosts : undefined))
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeading
        title="Move to date"
        description={`${itemLabel(item)} keeps its time, ${formatDate(at, 'time', reader)}, on the new date.`}
        descriptionClassName="wrap-anywhere"
      />
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>New date</Label>
        <Input
          id={fieldId}
          type="date"
          value={day}
          min={dayKey(new Date())}
          required
          onChange={(e) => {
            setDay(e.target.value)
            setError(null)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Times are in your time zone.
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      {asks && (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {item.scheduledXPosts === 1
              ? 'Its scheduled social post'
              : `Its ${item.scheduledXPosts} scheduled social posts`}
          </legend>
          {X_POSTS_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={choiceName}
                value={choice}
                checked={xPosts === choice}
                onChange={() => {
                  setXPosts(choice)
                  setError(null)
                }}
                className="size-4 accent-violet-700"
              />
              {xPostsChoiceLabel(choice, item.scheduledXPosts)}
            </label>
          ))}
        </fieldset>
      )}
      <DialogFooter>
        <DialogCancel disabled={moving} />
        <Button type="submit" disabled={moving}>
          {moving ? 'Moving…' : 'Move'}
        </Button>
      </DialogFooter>
    </form>
  )
}
