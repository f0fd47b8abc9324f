import { Link, NavLink } from 'react-router'
import { BrandMark } from '#app/features/blog/brand-mark.tsx'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-muted hover:text-slate-900'

export function BlogHeader() {
  const site = useSite()
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <BrandMark className="size-8" />
          {site.brandName}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink
            to="/blog"
            end={false}
            className={({ isActive }) => cn(navLink, 'hidden sm:inline-flex', isActive && 'text-primary')}
          >
            Blog
          </NavLink>
          <a href="/#features" className={cn(navLink, 'hidden md:inline-flex')}>
            Features
          </a>
          <a
            href="/#contact"
            className="ml-2 inline-flex h-9 items-center rounded-md bg-gradient-to-r from-violet-700 to-pink-700 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:from-violet-800 hover:to-pink-800"
          >
            Contact Us
          </a>
        </nav>
      </div>
    </header>
  )
}
