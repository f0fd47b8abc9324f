import { cn } from '#app/lib/utils.ts'

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  )
}

/** A group of placeholder bars laid out by `className`: one Skeleton per entry of `bars` (its size, unique in the group). */
export function SkeletonBars({ bars, className }: { bars: string[]; className?: string }) {
  return (
    <div className={className}>
      {bars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </div>
  )
}

/** Stable keys for `count` placeholders, which have nothing else to key on. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, i) => `placeholder-${i + 1}`)
