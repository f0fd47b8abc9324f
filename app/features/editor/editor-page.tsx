import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { SectionCard } from '#app/components/ui/section-card.tsx'

/** The admin page frame of the editor screens: slate-50 page, white header bar, centred content. */
export function EditorPage({
  title,
  description,
  badges,
  actions,
  children,
}: {
  title: string
  description?: React.ReactNode
  badges?: React.ReactNode
  actions?: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-5 sm:px-6 lg:px-8">
          <BackLink />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="grid min-w-0 gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
                {badges}
              </div>
              {/* A div: the loading screen's description is a skeleton (a div), which a p must not hold. */}
              {description && <div className="text-sm text-muted-foreground">{description}</div>}
            </div>
            {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">{children}</main>
    </div>
  )
}

export function BackLink() {
  return (
    <Link
      to="/admin/blog"
      className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-violet-700 hover:text-violet-900 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      Back to Blog Management
    </Link>
  )
}

/** A white card section with a heading, as on the other admin screens. */
export function EditorCard({
  title,
  ...card
}: {
  title: string
  description?: React.ReactNode
  icon?: React.ReactNode
  children: React.ReactNode
  className?: string
  headerAction?: React.ReactNode
}) {
  return <SectionCard {...card} title={title} headingId={`card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} />
}
