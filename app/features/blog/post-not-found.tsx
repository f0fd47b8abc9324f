import { ArrowLeft, FileText } from 'lucide-react'
import { Link } from 'react-router'

/** docs/product.md §2/§8: an unknown slug, or a draft for a visitor (answered with HTTP 404). */
export function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-violet-50 text-primary">
        <FileText className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Post Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">The blog post you're looking for doesn't exist.</p>
      <Link
        to="/blog"
        className="mt-10 inline-flex h-11 items-center gap-2 rounded-md bg-primary px-6 text-base font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Return to Blog
      </Link>
    </div>
  )
}
