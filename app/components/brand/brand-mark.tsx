import { useId } from 'react'
import { cn } from '#app/lib/utils.ts'

/** The square play-button logo (same drawing as public/favicon.svg); decorative next to the name. */
export function BrandMark({ className, ...props }: React.ComponentProps<'svg'>) {
  // Header and footer both draw it: each copy needs its own gradient id.
  const gradient = `brand-mark-${useId()}`
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      data-slot="brand-mark"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradient})`} />
      <path d="M25 19v26l20-13z" fill="#fff" />
    </svg>
  )
}

/** The mark and the brand name, as the header and footer show them. */
export function BrandLogo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-xl font-bold tracking-tight', className)}>
      <BrandMark />
      <span>{name}</span>
    </span>
  )
}
