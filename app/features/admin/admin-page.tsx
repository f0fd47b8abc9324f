import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '#app/lib/utils.ts'

/**
 * The content of every signed-in admin screen, beside the shell's navigation (admin-shell.tsx).
 * Screens put an `AdminPageHeader` first inside it.
 */
export function AdminPage({ children, className }: { children: React.ReactNode; className?: string }) {
  return <main className={cn('mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8', className)}>{children}</main>
}

export interface AdminPageHeaderProps {
  title: string
  description?: React.ReactNode
  /** Buttons and links shown at the right (below the title on narrow screens). */
  actions?: React.ReactNode
  /** A link back to a parent screen, shown above the title. */
  back?: { to: string; label: string }
  className?: string
}

export function AdminPageHeader({ title, description, actions, back, className }: AdminPageHeaderProps) {
  return (
    <div className={cn('mb-8', className)}>
      {back && (
        <Link
          to={back.to}
          className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {/* A div: a description may be a skeleton (a div), which a p must not hold. */}
          {description && <div className="mt-1.5 text-muted-foreground">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  )
}

/** A screen of the navigation (calendar, analytics, contact inbox, staff…): its header with its own `action`, then the screen. */
export function AdminSubPage({
  title,
  description,
  action,
  children,
}: {
  title: string
  description: React.ReactNode
  action?: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <AdminPage>
      <AdminPageHeader title={title} description={description} actions={action} />
      {children}
    </AdminPage>
  )
}
