import { cva } from 'class-variance-authority'
import { Badge } from '#app/components/ui/badge.tsx'
import { cn } from '#app/lib/utils.ts'

/** Pieces shared by the blog's cards and its article page. */

const cardFrame = cva(
  'group relative overflow-hidden border bg-card shadow-sm transition-shadow duration-200 focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
  {
    variants: {
      layout: {
        grid: 'flex flex-col rounded-2xl hover:shadow-lg',
        featured: 'grid rounded-3xl hover:shadow-xl lg:grid-cols-2',
      },
    },
  },
)

const coverBox = cva('aspect-[16/9] overflow-hidden bg-muted', {
  variants: { layout: { grid: '', featured: 'lg:aspect-auto lg:min-h-[380px]' } },
})

/**
 * The frame of the blog's cards: the post's cover, then the card's body (beside the cover on a
 * wide featured card). A focused link inside rings the whole card.
 */
export function PostCardFrame({
  layout,
  cover,
  children,
  ...props
}: React.ComponentProps<'article'> & { layout: 'grid' | 'featured'; cover: React.ReactNode }) {
  return (
    <article className={cardFrame({ layout })} {...props}>
      <div className={coverBox({ layout })}>{cover}</div>
      {children}
    </article>
  )
}

/** An icon and a short text side by side, as the cards' bylines show them. */
export function IconText({
  icon: Icon,
  className,
  iconClassName,
  children,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>
  className?: string
  iconClassName?: string
  children: React.ReactNode
}) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <Icon className={cn('size-4', iconClassName)} aria-hidden="true" />
      {children}
    </span>
  )
}

/** A post's tags as muted #badges; nothing when it has none. */
export function TagList({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="muted" className="font-medium">
            #{tag}
          </Badge>
        </li>
      ))}
    </ul>
  )
}
