import { cn } from '#app/lib/utils.ts'

/** The row of form buttons, kept in view at the bottom of the screen while the form is long. */
export function FormActions({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'sticky bottom-0 z-10 -mx-4 mt-2 border-t bg-white/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-white/80 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8',
        className,
      )}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-2">{children}</div>
    </div>
  )
}
