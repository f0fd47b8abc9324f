import { CalendarClockIcon, GlobeIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useReader } from '#app/lib/dates.ts'
import { fromWallTime, type QuickSlot, suggestedWallTime, toWallTime, type WallTime } from '#app/lib/schedule-time.ts'
import { cn } from '#app/lib/utils.ts'
import { scheduleProblem } from '#common/contract/schedule.ts'

/** What the dialog hands over: moments, ready for `toISOString()`. */
export interface ScheduleChoice {
  at: Date
  /** Only when the dialog offers 'Unpublish at' and both its fields were filled. */
  unpublishAt: Date | null
}

/** Messages under the fields: the server's (`fields` of a 400) or the dialog's own. */
export interface ScheduleErrors {
  at?: string
  unpublishAt?: string
}

export interface ScheduleDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: React.ReactNode
  /** The moment already set (Change): the fields start there; else at the next whole hour. */
  initialAt?: string | null
  /** Offer the optional 'Unpublish at' (posts). */
  withUnpublish?: boolean
  initialUnpublishAt?: string | null
  /** Posting times to pick with one click (X posts): each fills the date and time. */
  slots?: readonly QuickSlot[]
  /** More controls under the time (e.g. 'Share a thread'). */
  children?: React.ReactNode
  /** A remark above the buttons (e.g. unsaved changes are not part of the schedule). */
  note?: React.ReactNode
  pending: boolean
  /** The server's field messages of the last attempt. */
  errors?: ScheduleErrors
  onSubmit: (choice: ScheduleChoice) => void
}

/**
 * Issue 14: pick a date and a time on the admin's own clock (the zone's name is shown), checked
 * with the contract's `scheduleProblem` before anything is sent; the caller stores it in UTC.
 */
export function ScheduleDialog({ open, onOpenChange, title, description, ...form }: ScheduleDialogProps) {
  // Opened by a button of the caller, not a Radix trigger: keep that button to give the focus back.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog open={open} onOpenChange={(next) => (form.pending && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        }}
        onCloseAutoFocus={(e) => {
          // The button may be gone (Schedule turns into the scheduled state): then Radix decides.
          if (opener.current?.isConnected) {
            e.preventDefault()
            opener.current.focus()
          }
          opener.current = null
        }}
      >
        <DialogHeading
          title={
            <>
              <CalendarClockIcon className="size-5 text-violet-700" aria-hidden="true" />
              {title}
            </>
          }
          titleClassName="flex items-center gap-2"
          description={description}
        />
        {/* Mounted on each opening: the fields start from the current schedule every time. */}
        {open && <ScheduleForm {...form} />}
      </DialogContent>
    </Dialog>
  )
}

function ScheduleForm({
  initialAt,
  withUnpublish,
  initialUnpublishAt,
  slots,
  children,
  note,
  pending,
  errors = {},
  onSubmit,
}: Omit<ScheduleDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'>) {
  const { zone } = useReader()
  const id = useId()
  const [values, setValues] = useState<Record<keyof ScheduleErrors, WallTime>>(() => ({
    at: initialAt ? toWallTime(new Date(initialAt), zone) : suggestedWallTime(new Date(), zone),
    unpublishAt: initialUnpublishAt ? toWallTime(new Date(initialUnpublishAt), zone) : { date: '', time: '' },
  }))
  const [own, setOwn] = useState<ScheduleErrors>({})
  const set = (name: keyof ScheduleErrors) => (wall: WallTime) => {
    setValues((v) => ({ ...v, [name]: wall }))
    setOwn((o) => ({ ...o, [name]: undefined }))
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    // The dialog is portalled out of the edit form in the page, but React still bubbles the submit
    // to it: stop here so the post form does not save as well.
    e.stopPropagation()
    if (pending) return
    const now = new Date()
    const at = fromWallTime(values.at, zone)
    const next: ScheduleErrors = {}
    next.at = at ? (scheduleProblem(at, now) ?? undefined) : 'Enter a date and a time'
    let unpublishAt: Date | null = null
    if (withUnpublish && (values.unpublishAt.date || values.unpublishAt.time)) {
      unpublishAt = fromWallTime(values.unpublishAt, zone)
      if (!unpublishAt) next.unpublishAt = 'Enter both a date and a time, or leave both empty'
      else if (at && unpublishAt.getTime() <= at.getTime()) next.unpublishAt = 'Must be after the publish time'
      else next.unpublishAt = scheduleProblem(unpublishAt, now) ?? undefined
    }
    setOwn(next)
    if (next.at || next.unpublishAt || !at) return
    onSubmit({ at, unpublishAt })
  }

  const atError = own.at ?? errors.at
  const unpublishError = own.unpublishAt ?? errors.unpublishAt
  const zoneHintId = `${id}-zone`

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-4" aria-label="Schedule">
      <p id={zoneHintId} className="flex items-center gap-1.5 text-sm text-slate-700">
        <GlobeIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          Times are in your time zone: <strong className="font-semibold">{zone}</strong>
        </span>
      </p>

      {slots && slots.length > 0 && (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Quick slots</legend>
          <div className="flex flex-wrap gap-2">
            {slots.map((slot) => {
              const chosen = values.at.date === slot.wall.date && values.at.time === slot.wall.time
              return (
                <Button
                  key={slot.slot}
                  type="button"
                  size="sm"
                  variant={chosen ? 'default' : 'outline'}
                  aria-pressed={chosen}
                  onClick={() => set('at')(slot.wall)}
                >
                  {slot.label}
                </Button>
              )
            })}
          </div>
        </fieldset>
      )}

      <fieldset className="grid min-w-0 gap-2">
        <legend className="sr-only">Publish at</legend>
        <WallTimeFields
          id={id}
          labels={{ date: 'Date', time: 'Time' }}
          value={values.at}
          onChange={set('at')}
          error={atError}
          describedBy={zoneHintId}
          required
        />
      </fieldset>

      {withUnpublish && (
        <fieldset className="grid min-w-0 gap-2 rounded-lg border bg-slate-50 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">
            Unpublish at <span className="text-xs font-normal text-muted-foreground">(optional)</span>
          </legend>
          <WallTimeFields
            id={`${id}-unpublish`}
            labels={{ date: 'Unpublish date', time: 'Unpublish time' }}
            value={values.unpublishAt}
            onChange={set('unpublishAt')}
            error={unpublishError}
            hint={
              <p className="text-xs text-muted-foreground">The post goes back to draft then. Leave empty to keep it.</p>
            }
          />
        </fieldset>
      )}

      {children}
      {note && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{note}</div>
      )}

      <DialogFooter>
        <DialogCancel variant="ghost" disabled={pending} />
        <Button type="submit" variant="gradient" disabled={pending}>
          <BusyIcon busy={pending} icon={CalendarClockIcon} />
          {pending ? 'Scheduling...' : 'Schedule'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/**
 * A date input and a time input side by side (ids `${id}-date` and `${id}-time`); the shared error
 * is written once under the pair, with the id `${id}-date-error`, and referenced from both. The
 * `hint` stands there while there is no error.
 */
function WallTimeFields({
  id,
  labels,
  value,
  onChange,
  error,
  describedBy,
  hint,
  required = false,
}: {
  id: string
  labels: WallTime
  value: WallTime
  onChange: (next: WallTime) => void
  error?: string
  describedBy?: string
  hint?: React.ReactNode
  required?: boolean
}) {
  const errorId = error ? `${id}-date-error` : undefined
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        {(['date', 'time'] as const).map((type) => (
          <FormField key={type} id={`${id}-${type}`} label={labels[type]} className="min-w-0">
            {(control) => (
              <Input
                {...control}
                type={type}
                value={value[type]}
                onChange={(e) => onChange({ ...value, [type]: e.target.value })}
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={[errorId, describedBy].filter(Boolean).join(' ') || undefined}
                className={cn('min-w-0', type === 'time' && 'tabular-nums')}
              />
            )}
          </FormField>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint
      )}
    </>
  )
}
