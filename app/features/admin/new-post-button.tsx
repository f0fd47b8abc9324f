import { PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

/** The header's 'New Blog Post' (docs/product.md §2), on every admin screen that offers it. */
export function NewPostButton() {
  return (
    <Button asChild variant="gradient">
      <Link to="/admin/blog/create">
        <PlusIcon aria-hidden="true" />
        New Blog Post
      </Link>
    </Button>
  )
}
