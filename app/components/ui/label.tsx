import { cn } from '#app/lib/utils.ts'

/** A native label (Radix's adds only the double-click guard below; public forms use this one). */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
    <label
      data-slot="label"
      className={cn(
        'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      onMouseDown={(e) => {
        onMouseDown?.(e)
        // As Radix: a double click on a label does not select its text.
        if (!e.defaultPrevented && e.detail > 1) e.preventDefault()
      }}
      {...props}
    />
  )
}
