import { SparklesIcon } from 'lucide-react'
import { cn } from '#app/lib/utils.ts'

/**
 * A clearly marked place for features that arrive in later issues (AI generation, AI rewriting,
 * X promotion), so the layout they will fill is visible today.
 */
export function ComingSoonSlot({
  title,
  description,
  className,
}: {
  title: string
  description: string
  className?: string
}) {
  return (
    <section
      aria-label={title}
      data-slot="coming-soon"
      className={cn(
        'mb-8 flex items-center gap-4 rounded-xl border-2 border-dashed border-violet-200 bg-violet-50/40 p-5',
        className,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-primary shadow-sm">
        <SparklesIcon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {title}
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-secondary-foreground ring-1 ring-violet-200">
            Coming soon
          </span>
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      </div>
    </section>
  )
}
