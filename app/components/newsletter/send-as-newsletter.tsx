import { MailIcon } from 'lucide-react'
import { useId } from 'react'
import { cn } from '#app/lib/utils.ts'

/**
 * Issue 30: 'Send as newsletter' beside publishing and in the schedule dialog: the post also goes
 * to every confirmed subscriber when it goes live (the call carries `sendNewsletter: true`).
 */
export function SendAsNewsletter({
  checked,
  onCheckedChange,
  hint,
  disabled,
  className,
}: {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  hint: string
  disabled?: boolean
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border bg-slate-50 px-4 py-3', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-violet-700"
      />
      <div className="grid min-w-0 gap-1">
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
          <MailIcon className="size-4 text-violet-700" aria-hidden="true" />
          Send as newsletter
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}
