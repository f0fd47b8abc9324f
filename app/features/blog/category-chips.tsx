import { Link } from 'react-router'
import { cn } from '#app/lib/utils.ts'
import { blogListHref } from '#common/blog-rules.ts'
import { categoryLabel } from '#common/display-text.ts'

const chip =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
const activeChip = 'border-transparent bg-primary text-primary-foreground shadow-sm'
const idleChip = 'bg-white text-slate-700 hover:border-violet-300 hover:bg-violet-50 hover:text-violet-800'

/**
 * 'All Articles' plus each category of published posts, as links that filter the list on the
 * server (`/blog?category=market-trends`). The original chips filtered nothing (issue #6 §4).
 */
export function CategoryChips({ categories, active }: { categories: string[]; active: string | null }) {
  const chips = [
    { value: null, label: 'All Articles' },
    ...categories.map((c) => ({ value: c, label: categoryLabel(c) })),
  ]
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {chips.map(({ value, label }) => {
          const isActive = value === active
          return (
            <li key={value ?? 'all'}>
              <Link
                to={blogListHref({ category: value })}
                preventScrollReset
                aria-current={isActive ? 'page' : undefined}
                className={cn(chip, isActive ? activeChip : idleChip)}
              >
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
