import { cn } from '#app/lib/utils.ts'

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  light = false,
  className,
}: {
  id: string
  eyebrow: string
  title: string
  text?: string
  light?: boolean
  className?: string
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className={cn('text-sm font-semibold tracking-wide uppercase', light ? 'text-pink-300' : 'text-pink-700')}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', light ? 'text-white' : 'text-slate-900')}
      >
        {title}
      </h2>
      {text && <p className={cn('mt-4 text-lg', light ? 'text-slate-300' : 'text-slate-600')}>{text}</p>}
    </div>
  )
}
