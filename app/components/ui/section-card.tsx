import { cn } from '#app/lib/utils.ts'

/**
 * The white card of the admin screens: a header (a marker or an icon, the heading, a description,
 * an optional action), the body, an optional footer. A heading given a ref can take the focus
 * (a flow moves it there when a step opens).
 */
export function SectionCard({
  id,
  headingId,
  title,
  description,
  icon,
  marker,
  headingRef,
  headingClassName,
  busy,
  headerAction,
  footer,
  children,
  className,
}: {
  /** The section's own id, for links to it ('#x-posts'). */
  id?: string
  headingId: string
  title: React.ReactNode
  description?: React.ReactNode
  /** Shown in a small violet square before the heading. */
  icon?: React.ReactNode
  /** Replaces the icon square (e.g. a step number). */
  marker?: React.ReactNode
  headingRef?: React.Ref<HTMLHeadingElement>
  headingClassName?: string
  busy?: boolean
  headerAction?: React.ReactNode
  footer?: React.ReactNode
  children: React.ReactNode
  className?: string
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className={cn('scroll-mt-6 rounded-xl border bg-white shadow-sm', className)}
    >
      <div className="flex items-start gap-3 border-b px-5 py-4 sm:px-6">
        {marker ??
          (icon && (
            <span
              className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700 [&_svg]:size-4"
              aria-hidden="true"
            >
              {icon}
            </span>
          ))}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className={cn(
              'text-base font-semibold text-slate-900',
              headingRef && 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              headingClassName,
            )}
          >
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {headerAction}
      </div>
      <div className="grid gap-5 px-5 py-5 sm:px-6">{children}</div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3 sm:px-6">{footer}</div>
      )}
    </section>
  )
}
