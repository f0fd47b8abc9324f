/**
 * A checkbox with its label and, under the label, the line that describes it: a hint, or the
 * field's error when `invalid` (X posts' 'Share a thread', social posts' 'Post as a thread').
 */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  disabled,
  description,
  invalid,
}: {
  id: string
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  description?: React.ReactNode
  invalid?: boolean
}) {
  const descriptionId = description ? `${id}-description` : undefined
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={descriptionId}
        aria-invalid={invalid || undefined}
        className="mt-0.5 size-4 shrink-0 accent-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className={invalid ? 'text-xs text-red-700' : 'text-xs text-muted-foreground'}>
            {description}
          </p>
        )}
      </div>
    </div>
  )
}
