import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react'
import { Link } from 'react-router'
import { BrandMark } from '#app/components/brand/brand-mark.tsx'
import { LogoutButton } from '#app/features/admin/logout-button.tsx'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The frame of every signed-in admin screen: a slim brand bar, then the page. Screens put an
 * `AdminPageHeader` first inside it.
 */
export function AdminPage({ children, className }: { children: React.ReactNode; className?: string }) {
  const site = useSite()
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to="/admin/blog"
            className="flex items-center gap-2.5 rounded-md font-semibold tracking-tight text-slate-900"
          >
            <BrandMark />
            <span>{site.brandName}</span>
            <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
              Admin
            </span>
          </Link>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            View site
            <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </header>
      <main className={cn('mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8', className)}>{children}</main>
    </div>
  )
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

/**
 * A screen one step below Blog Management (calendar, analytics, contact inbox): the frame, a header
 * that leads back to Blog Management with the screen's own `action` and Logout, then the screen.
 */
export function AdminSubPage({
  title,
  description,
  action,
  children,
}: {
  title: string
  description: React.ReactNode
  action: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <AdminPage>
      <AdminPageHeader
        back={{ to: '/admin/blog', label: 'Blog Management' }}
        title={title}
        description={description}
        actions={
          <>
            {action}
            <LogoutButton />
          </>
        }
      />
      {children}
    </AdminPage>
  )
}
