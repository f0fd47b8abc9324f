import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/utils.ts'

/**
 * One end of a date range (analytics' custom range, the activity log's filter): a labelled day
 * input bounded by the other end once that is set; `problemId` names a message that explains why
 * the range is refused.
 */
export function DayField({
  id,
  label,
  value,
  min,
  max,
  onChange,
  problemId,
  className,
  inputClassName,
}: {
  id: string
  label: string
  value: string
  min?: string
  max?: string
  onChange: (value: string) => void
  problemId?: string | undefined
  className?: string
  inputClassName?: string
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problemId !== undefined || undefined}
        aria-describedby={problemId}
        className={inputClassName}
      />
    </div>
  )
}
