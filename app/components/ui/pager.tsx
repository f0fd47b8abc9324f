import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

/** Previous / 'Page n of m' / Next under an admin list of more than one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t px-4 py-3 sm:px-6">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground">{`Page ${page} of ${pages}`}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  )
}
