import { SearchIcon } from 'lucide-react'
import { Input } from '#app/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { ALL_CATEGORIES } from '#app/features/posts/post-list-rules.ts'
import type { PostFilter } from '#app/lib/post-queries.ts'
import { REVIEW_STATE_LABELS } from '#common/contract/review.ts'

export interface PostFiltersProps {
  search: string
  onSearchChange: (value: string) => void
  category: string
  onCategoryChange: (value: string) => void
  categories: { value: string; label: string }[]
  status: PostFilter
  onStatusChange: (value: PostFilter) => void
}

const STATUSES: { value: PostFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
  { value: 'scheduled', label: 'Scheduled' },
  // Issue 28: a writer finds the posts an editor sent back; an editor what waits for them.
  { value: 'in_review', label: REVIEW_STATE_LABELS.in_review },
  { value: 'changes_requested', label: REVIEW_STATE_LABELS.changes_requested },
]

/** docs/product.md §2: search 'Search posts...', the category filter and the status filter. */
export function PostFilters(props: PostFiltersProps) {
  return (
    <search className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search posts"
          placeholder="Search posts..."
          value={props.search}
          onChange={(e) => props.onSearchChange(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <Select value={props.category} onValueChange={props.onCategoryChange}>
          <SelectTrigger aria-label="Filter by category" className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
            {props.categories.map((c) => (
              <SelectItem key={c.value} value={c.value}>
                {c.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={props.status} onValueChange={(v) => props.onStatusChange(v as PostFilter)}>
          <SelectTrigger aria-label="Filter by status" className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUSES.map((s) => (
              <SelectItem key={s.value} value={s.value}>
                {s.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </search>
  )
}
