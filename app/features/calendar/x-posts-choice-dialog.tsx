import { useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { itemLabel } from '#app/features/calendar/calendar-item.tsx'
import { xPostsChoiceLabel } from '#app/features/calendar/queries.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import type { CalendarItem, XPostsChoice } from '#common/contract/schedule.ts'

/** A post dropped on another day, waiting for the writer's answer about its X posts. */
export interface PendingDrop {
  item: CalendarItem
  at: Date
}

/**
 * Issue 27: a post dropped on another day asks what its scheduled X posts do. Moving them along is
 * the default (the focused button, so Enter takes it); Escape or Cancel leaves everything where it
 * was. Radix traps the focus and gives it back to the dropped item.
 */
export function XPostsChoiceDialog({
  drop,
  onChoose,
  onClose,
}: {
  /** The dialog is open while it is set. */
  drop: PendingDrop | null
  onChoose: (drop: PendingDrop, choice: XPostsChoice) => void
  onClose: () => void
}) {
  const moveButton = useRef<HTMLButtonElement>(null)
  const reader = useReader()
  const n = drop?.item.scheduledXPosts ?? 0
  return (
    <Dialog open={drop !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-xl"
        onOpenAutoFocus={(e) => {
          e.preventDefault()
          moveButton.current?.focus()
        }}
      >
        {drop && (
          <>
            <DialogHeading
              title={n === 1 ? 'Move its social post too?' : `Move its ${n} social posts too?`}
              description={`${itemLabel(drop.item)} moves to ${formatDate(drop.at, 'moment', reader)}. ${
                n === 1 ? 'It has a scheduled social post' : `It has ${n} scheduled social posts`
              }, and an X post never goes out before its article.`}
              descriptionClassName="wrap-anywhere"
            />
            <ul className="grid gap-1.5 text-sm text-slate-700">
              <li>
                <strong className="font-semibold text-slate-900">{xPostsChoiceLabel('move', n)}:</strong> each moves by
                as much as the post.
              </li>
              <li>
                <strong className="font-semibold text-slate-900">{xPostsChoiceLabel('keep', n)}:</strong> only if they
                still go out after the post.
              </li>
            </ul>
            <DialogFooter className="sm:flex-wrap">
              <DialogCancel variant="ghost" />
              <Button type="button" variant="outline" onClick={() => onChoose(drop, 'keep')}>
                {xPostsChoiceLabel('keep', n)}
              </Button>
              <Button ref={moveButton} type="button" onClick={() => onChoose(drop, 'move')}>
                {xPostsChoiceLabel('move', n)}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
