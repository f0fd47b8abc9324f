import { useQuery } from '@tanstack/react-query'
import {
  CalendarDaysIcon,
  ChartLineIcon,
  CircleUserIcon,
  ExternalLinkIcon,
  FileTextIcon,
  HistoryIcon,
  ImportIcon,
  InboxIcon,
  MailIcon,
  MenuIcon,
  SendIcon,
  Share2Icon,
  ShieldCheckIcon,
  SignpostIcon,
  UserCheckIcon,
  UsersIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { BrandMark } from '#app/components/brand/brand-mark.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { LogoutButton } from '#app/features/admin/logout-button.tsx'
import { contactCountOptions } from '#app/features/admin/queries.ts'
import { TokenExpiryBanner } from '#app/features/admin/token-expiry-banner.tsx'
import { mayDo, meOptions } from '#app/lib/admin-me.ts'
import { channelsOptions, expiringTokens } from '#app/lib/channel-queries.ts'
import { reviewCountOptions } from '#app/lib/post-queries.ts'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'
import type { Me } from '#common/contract/admin.ts'
import { type Permission, ROLE_LABELS } from '#common/roles.ts'

/**
 * Issue 28, one admin shell: every signed-in screen sits beside one navigation that lists what the
 * signed-in role may open (the API refuses the rest anyway), marks the current screen, shows the
 * counts that help, and the person's name, role and 'Sign out'. A side bar from 1024 px, a menu
 * button and a sheet below. Each screen keeps its own actions in its header.
 * docs/decisions/050-admin-shell.md
 */

type Count = 'leads' | 'review' | 'expiring'
interface NavItem {
  to: string
  label: string
  icon: React.ReactNode
  /** Shown only to roles that may do this; every role may open the others. */
  needs?: Permission
  count?: Count
}

const NAV: NavItem[] = [
  { to: '/admin/blog', label: 'Posts', icon: <FileTextIcon aria-hidden="true" /> },
  {
    to: '/admin/review',
    label: 'Review',
    icon: <UserCheckIcon aria-hidden="true" />,
    needs: 'anyPost',
    count: 'review',
  },
  { to: '/admin/calendar', label: 'Calendar', icon: <CalendarDaysIcon aria-hidden="true" />, needs: 'anyPost' },
  { to: '/admin/analytics', label: 'Analytics', icon: <ChartLineIcon aria-hidden="true" />, needs: 'leads' },
  {
    to: '/admin/contacts',
    label: 'Contact Inbox',
    icon: <InboxIcon aria-hidden="true" />,
    needs: 'leads',
    count: 'leads',
  },
  { to: '/admin/subscribers', label: 'Subscribers', icon: <MailIcon aria-hidden="true" />, needs: 'leads' },
  { to: '/admin/newsletters', label: 'Newsletters', icon: <SendIcon aria-hidden="true" />, needs: 'newsletters' },
  { to: '/admin/staff', label: 'Staff', icon: <UsersIcon aria-hidden="true" />, needs: 'anyPost' },
  { to: '/admin/activity', label: 'Activity', icon: <HistoryIcon aria-hidden="true" />, needs: 'staff' },
  {
    to: '/admin/channels',
    label: 'Channels',
    icon: <Share2Icon aria-hidden="true" />,
    needs: 'staff',
    count: 'expiring',
  },
  { to: '/admin/redirects', label: 'Redirects', icon: <SignpostIcon aria-hidden="true" />, needs: 'staff' },
  { to: '/admin/import', label: 'Import', icon: <ImportIcon aria-hidden="true" />, needs: 'staff' },
  { to: '/admin/profile', label: 'Profile', icon: <CircleUserIcon aria-hidden="true" /> },
  { to: '/admin/security', label: 'Security', icon: <ShieldCheckIcon aria-hidden="true" /> },
]

/** The screens this person may open, in navigation order (exported for the tests). */
export const navFor = (me: Me) => NAV.filter((item) => !item.needs || mayDo(me, item.needs))

export function AdminShell({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()
  // A sheet left open would cover the screen the person just chose.
  const [openedAt, setOpenedAt] = useState(pathname)
  if (menuOpen && openedAt !== pathname) setMenuOpen(false)

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-r bg-white lg:flex">
        <div className="flex h-14 items-center border-b px-4">
          <Brand />
        </div>
        <Navigation className="flex-1 overflow-y-auto p-3" />
        <Account className="border-t p-3" />
      </aside>

      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        {/* A nav, not a header: a screen's own header (the editor's) is the page's one banner. */}
        <nav
          aria-label="Admin menu"
          className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b bg-white px-4 lg:hidden"
        >
          <Brand />
          {/* A trigger: Radix gives the focus back to it when the sheet closes. */}
          <DialogTrigger asChild>
            <Button variant="outline" size="sm" onClick={() => setOpenedAt(pathname)}>
              <MenuIcon aria-hidden="true" />
              Menu
            </Button>
          </DialogTrigger>
        </nav>
        <DialogContent className="top-0 left-0 flex h-full max-h-none w-72 max-w-[85vw] translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-y-0 border-l-0 p-0">
          <div className="flex h-14 items-center border-b px-4">
            <DialogTitle className="text-base">Admin menu</DialogTitle>
          </div>
          <Navigation className="flex-1 overflow-y-auto p-3" />
          <Account className="border-t p-3" />
        </DialogContent>
      </Dialog>

      <div className="min-w-0 flex-1">
        <TokenExpiryBanner />
        {children}
      </div>
    </div>
  )
}

function Brand() {
  const site = useSite()
  return (
    <Link to="/admin/blog" className="flex items-center gap-2.5 rounded-md font-semibold tracking-tight text-slate-900">
      <BrandMark />
      <span>{site.brandName}</span>
      <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
        Admin
      </span>
    </Link>
  )
}

function Navigation({ className }: { className?: string }) {
  const me = useQuery(meOptions())
  return (
    <nav aria-label="Admin" className={className}>
      {me.data ? (
        <ul className="grid gap-0.5">
          {navFor(me.data).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 [&_svg]:size-4 [&_svg]:shrink-0',
                    isActive && 'bg-secondary text-secondary-foreground hover:bg-secondary',
                  )
                }
              >
                {item.icon}
                <span className="flex-1">{item.label}</span>
                {item.count === 'leads' && <LeadCount />}
                {item.count === 'review' && <ReviewCount />}
                {item.count === 'expiring' && <ExpiringCount />}
              </NavLink>
            </li>
          ))}
          <li>
            <a
              href="/"
              target="_blank"
              rel="noopener"
              className="flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              <ExternalLinkIcon className="size-4 shrink-0" aria-hidden="true" />
              View site
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      ) : (
        // Rows of the same height as the links, so the bar does not jump when they arrive.
        <div className="grid gap-0.5" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      )}
    </nav>
  )
}

function LeadCount() {
  const count = useQuery(contactCountOptions())
  return <CountPill n={count.data} one="submission" many="submissions" />
}

/** The posts waiting for review: coloured while any wait, as it asks for someone's action. */
function ReviewCount() {
  const count = useQuery(reviewCountOptions())
  return <CountPill n={count.data} one="post waits" many="posts wait" urgent />
}

/** Issue 29: networks whose token stops working within a week: said only when there are any. */
function ExpiringCount() {
  const list = useQuery(channelsOptions())
  const n = list.data ? expiringTokens(list.data) : 0
  return n > 0 ? <CountPill n={n} one="token expires soon" many="tokens expire soon" urgent /> : null
}

function CountPill({ n, one, many, urgent }: { n: number | undefined; one: string; many: string; urgent?: boolean }) {
  if (n === undefined) return null
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'min-w-6 rounded-full bg-slate-200 px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-slate-700',
          urgent && n > 0 && 'bg-sky-700 text-white',
        )}
      >
        {n > 999 ? '999+' : n}
      </span>
      <span className="sr-only">{`(${n} ${n === 1 ? one : many})`}</span>
    </>
  )
}

function Account({ className }: { className?: string }) {
  const me = useQuery(meOptions())
  return (
    <div className={cn('grid gap-3', className)}>
      <div className="min-w-0 px-1">
        {me.data ? (
          <>
            <p className="truncate text-sm font-semibold text-slate-900">{me.data.name}</p>
            <p className="text-xs text-muted-foreground">{ROLE_LABELS[me.data.role]}</p>
          </>
        ) : (
          <Skeleton className="h-9 w-32" />
        )}
      </div>
      <LogoutButton label="Sign out" />
    </div>
  )
}
