import { LogIn, Menu, PlayCircle, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { BrandLogo } from '#app/components/brand/brand-mark.tsx'
import { newTab } from '#app/components/brand/site-links.ts'
import { Button } from '#app/components/ui/button.tsx'
import { attachMobileMenu } from '#app/lib/mobile-menu.ts'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'

/** docs/product.md §2: the nav entries and the landing sections they lead to. */
export const NAV_SECTIONS = [
  { label: 'Features', id: 'features' },
  { label: 'How It Works', id: 'how-it-works' },
  { label: 'Results', id: 'results' },
  { label: 'Contact', id: 'contact' },
] as const

/** The landing page's own section that Demo leads to from every other page. */
const DEMO_SECTION = 'demo'

const barEntry =
  'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white'
const menuEntry =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-100 hover:bg-white/10'

/**
 * The one header of every public page (issue 11 §8). On the landing page (`landing`) the section
 * entries are buttons that scroll smoothly and Demo opens the modal, in the landing page's plain DOM
 * code (`data-scroll-to`, `data-open-demo`: app/features/landing/landing-page.ts); elsewhere the
 * same entries are links to `/#features` and so on.
 */
export function SiteHeader({ landing = false }: { landing?: boolean }) {
  const site = useSite()
  const menu = useRef<HTMLDivElement>(null)
  // The menu opens and closes in plain DOM code, the same a page that is not hydrated runs.
  useEffect(() => (menu.current ? attachMobileMenu(menu.current) : undefined), [])

  /** One entry, as a button on the landing page and as a link to it elsewhere. */
  const entry = (label: string, id: string, className: string, icon?: React.ReactNode) =>
    landing ? (
      <button
        type="button"
        className={className}
        {...(id === DEMO_SECTION ? { 'data-open-demo': '' } : { 'data-scroll-to': id })}
      >
        {icon}
        {label}
      </button>
    ) : (
      <Link to={`/#${id}`} className={className}>
        {icon}
        {label}
      </Link>
    )

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-slate-950/90 print:static print:border-slate-300 print:bg-white print:text-black">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center rounded-md" aria-label={`${site.brandName} home`}>
          <BrandLogo name={site.brandName} />
        </Link>

        <ul className="hidden items-center gap-1 md:flex print:hidden">
          {NAV_SECTIONS.map((s) => (
            <li key={s.id}>{entry(s.label, s.id, barEntry)}</li>
          ))}
        </ul>

        <div className="hidden items-center gap-2 md:flex print:hidden">
          {entry('Demo', DEMO_SECTION, barEntry, <PlayCircle className="size-4" aria-hidden="true" />)}
          <Button asChild variant="gradient">
            <a href={site.appUrl} {...newTab}>
              <LogIn aria-hidden="true" />
              Login
            </a>
          </Button>
        </div>

        {/* Mobile: the icon toggles the dropdown; pointer users also open it by hovering. */}
        <div className="relative md:hidden print:hidden" data-testid="mobile-menu" ref={menu}>
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={false}
            aria-controls="mobile-nav"
            className="group inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10"
          >
            <Menu className="size-6 group-aria-expanded:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-aria-expanded:block" aria-hidden="true" />
          </button>
          {/* The top padding bridges the gap, so the pointer can travel from the icon to the list. */}
          <div id="mobile-nav" hidden className="absolute top-full right-0 w-60 pt-2">
            <ul className="grid gap-1 rounded-xl border border-white/10 bg-slate-900 p-2 shadow-2xl">
              {NAV_SECTIONS.map((s) => (
                <li key={s.id}>{entry(s.label, s.id, menuEntry)}</li>
              ))}
              <li>{entry('Demo', DEMO_SECTION, menuEntry)}</li>
              <li>
                <a
                  href={site.appUrl}
                  {...newTab}
                  className={cn(menuEntry, 'bg-gradient-to-r from-violet-700 to-pink-700 font-semibold text-white')}
                >
                  Login
                </a>
              </li>
            </ul>
          </div>
        </div>
      </nav>
    </header>
  )
}
