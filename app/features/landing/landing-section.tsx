import { SECTION_COPY } from '#app/features/landing/content.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * One landing section: the anchor the nav scrolls to, the centred eyebrow/title/text heading
 * (from SECTION_COPY) and the section's own content below it. `light` is for dark backgrounds.
 */
export function LandingSection({
  id,
  light = false,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<'section'>, 'id'> & { id: keyof typeof SECTION_COPY; light?: boolean }) {
  const { eyebrow, title, text } = SECTION_COPY[id]
  const titleId = `${id}-title`
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn('offscreen-deferred scroll-mt-16 py-24', className)}
      {...props}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className={cn('text-sm font-semibold tracking-wide uppercase', light ? 'text-pink-300' : 'text-pink-700')}>
            {eyebrow}
          </p>
          <h2
            id={titleId}
            className={cn(
              'mt-2 text-3xl font-bold tracking-tight sm:text-4xl',
              light ? 'text-white' : 'text-slate-900',
            )}
          >
            {title}
          </h2>
          <p className={cn('mt-4 text-lg', light ? 'text-slate-300' : 'text-slate-600')}>{text}</p>
        </div>
        {children}
      </div>
    </section>
  )
}
