import { cn } from '#app/lib/utils.ts'

/** The square play-button logo (same drawing as public/favicon.svg); decorative next to the name. */
export function BrandMark({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)} {...props}>
      <defs>
        <linearGradient id="legal-brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#legal-brand-gradient)" />
      <path d="M25 19v26l20-13z" fill="#fff" />
    </svg>
  )
}
