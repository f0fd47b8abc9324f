import { cn } from '#app/lib/utils.ts'

/** One numbered step of the AI Generation flow, as a white admin card. */
export function StepCard({
  step,
  title,
  description,
  icon,
  headingRef,
  busy,
  children,
  className,
  footer,
}: {
  step: number
  title: string
  description?: React.ReactNode
  icon?: React.ReactNode
  headingRef?: React.Ref<HTMLHeadingElement>
  busy?: boolean
  children: React.ReactNode
  className?: string
  footer?: React.ReactNode
}) {
  const id = `ai-step-${step}`
  return (
    <section
      aria-labelledby={id}
      aria-busy={busy || undefined}
      className={cn('scroll-mt-6 rounded-xl border bg-white shadow-sm', className)}
    >
      <div className="flex items-start gap-3 border-b px-5 py-4 sm:px-6">
        <span
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-pink-600 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {step}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2
            id={id}
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:text-violet-700"
          >
            <span className="sr-only">Step {step}: </span>
            {icon}
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      <div className="grid gap-5 px-5 py-5 sm:px-6">{children}</div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3 sm:px-6">{footer}</div>
      )}
    </section>
  )
}

/** A plain white card for the rewriter and the notices (same look, no number). */
export function AiCard({
  title,
  description,
  icon,
  children,
  className,
  headingId,
  headingRef,
}: {
  title: string
  description?: React.ReactNode
  icon?: React.ReactNode
  children: React.ReactNode
  className?: string
  headingId: string
  headingRef?: React.Ref<HTMLHeadingElement>
}) {
  return (
    <section aria-labelledby={headingId} className={cn('scroll-mt-6 rounded-xl border bg-white shadow-sm', className)}>
      <div className="flex items-start gap-3 border-b px-5 py-4 sm:px-6">
        {icon && (
          <span
            className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700 [&_svg]:size-4"
            aria-hidden="true"
          >
            {icon}
          </span>
        )}
        <div className="grid min-w-0 gap-0.5">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      <div className="grid gap-5 px-5 py-5 sm:px-6">{children}</div>
    </section>
  )
}
