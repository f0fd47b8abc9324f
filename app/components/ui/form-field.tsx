import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/utils.ts'

export interface FieldControlProps {
  id: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

/**
 * A label, its control, an optional hint and the field's error, wired for screen readers: the
 * control gets `aria-invalid` and `aria-describedby` (error first, then hint) through the render prop.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  id: string
  label: React.ReactNode
  hint?: React.ReactNode
  error?: string
  optional?: boolean
  className?: string
  children: (control: FieldControlProps) => React.ReactNode
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className="flex items-baseline gap-1.5 text-slate-800">
        {label}
        {optional && <span className="text-xs font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}

/** A form's message that belongs to no one field, announced as it appears; nothing while there is none. */
export function FormProblem({ children, className }: { children: React.ReactNode; className?: string }) {
  if (!children) return null
  return (
    <p role="alert" className={cn('text-sm font-medium text-destructive', className)}>
      {children}
    </p>
  )
}
