import { LogIn, Menu, PlayCircle, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { BrandLogo } from '#app/features/landing/brand-logo.tsx'
import { useOpenDemo } from '#app/features/landing/demo-modal.tsx'
import { newTab } from '#app/features/landing/site-links.ts'
import { scrollToSection } from '#app/features/landing/use-reduced-motion.ts'
import { useSite } from '#app/lib/use-site.ts'

/** SPEC §2: the nav buttons and the sections they scroll to. */
export const NAV_SECTIONS = [
  { label: 'Features', id: 'features' },
  { label: 'How It Works', id: 'how-it-works' },
  { label: 'Results', id: 'results' },
  { label: 'Contact', id: 'contact' },
] as const

export function SiteHeader() {
  const site = useSite()
  const openDemo = useOpenDemo()
  const [menuOpen, setMenuOpen] = useState(false)
  // A pointer reaching the icon opens the menu before its click lands: that click keeps it open.
  const openedByHover = useRef(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  const go = (id: string) => {
    openedByHover.current = false
    setMenuOpen(false)
    scrollToSection(id)
  }

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="rounded-md" aria-label={`${site.brandName} home`}>
          <BrandLogo name={site.brandName} light />
        </a>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_SECTIONS.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => go(s.id)}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white"
              >
                {s.label}
              </button>
            </li>
          ))}
        </ul>

        <div className="hidden items-center gap-2 md:flex">
          <Button
            variant="ghost"
            className="text-slate-100 hover:bg-white/10 hover:text-white"
            onClick={() => openDemo()}
          >
            <PlayCircle aria-hidden="true" />
            Demo
          </Button>
          <Button asChild variant="gradient">
            <a href={site.appUrl} {...newTab}>
              <LogIn aria-hidden="true" />
              Login
            </a>
          </Button>
        </div>

        {/* Mobile: the icon toggles the dropdown; pointer users also open it by hovering. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer-only shortcut; the button toggles it for everyone */}
        <div
          className="relative md:hidden"
          data-testid="mobile-menu"
          onMouseEnter={() => {
            if (menuOpen) return
            openedByHover.current = true
            setMenuOpen(true)
          }}
          onMouseLeave={() => {
            openedByHover.current = false
            setMenuOpen(false)
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !menuOpen) return
            setMenuOpen(false)
            menuButton.current?.focus()
          }}
        >
          <button
            ref={menuButton}
            type="button"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            onClick={() => {
              if (openedByHover.current) {
                openedByHover.current = false
                return
              }
              setMenuOpen((v) => !v)
            }}
            className="inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10"
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
          {/* The top padding bridges the gap, so the pointer can travel from the icon to the list. */}
          <div id="mobile-nav" hidden={!menuOpen} className="absolute top-full right-0 w-60 pt-2">
            <ul className="grid gap-1 rounded-xl border border-white/10 bg-slate-900 p-2 shadow-2xl">
              {NAV_SECTIONS.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => go(s.id)}
                    className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-100 hover:bg-white/10"
                  >
                    {s.label}
                  </button>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setMenuOpen(false)
                    openDemo(menuButton.current)
                  }}
                  className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-100 hover:bg-white/10"
                >
                  Demo
                </button>
              </li>
              <li>
                <a
                  href={site.appUrl}
                  {...newTab}
                  className="block rounded-md bg-gradient-to-r from-violet-700 to-pink-700 px-3 py-2 text-sm font-semibold text-white"
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
