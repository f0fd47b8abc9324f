import { cn } from '#app/lib/utils.ts'

/** The VidQuest mark: a play button in a rounded violet-to-pink tile. */
export function BrandLogo({ name, className, light = false }: { name: string; className?: string; light?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id="vq-logo" x1="0" x2="1" y1="0" y2="1">
            <stop offset="0" stopColor="#7c3aed" />
            <stop offset="1" stopColor="#db2777" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#vq-logo)" />
        <path d="M12.5 9.5 23 16l-10.5 6.5z" fill="#fff" />
      </svg>
      <span className={cn('text-xl', light ? 'text-white' : 'text-slate-900')}>{name}</span>
    </span>
  )
}
