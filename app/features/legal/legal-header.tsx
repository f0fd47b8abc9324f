import { ArrowLeft } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { BrandMark } from '#app/features/legal/brand-mark.tsx'
import { LEGAL_PATHS } from '#app/features/legal/legal-document.ts'
import { cn } from '#app/lib/utils.ts'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-slate-900',
    isActive ? 'text-primary' : 'text-slate-600',
  )

export function LegalHeader({ brandName }: { brandName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-white/90 backdrop-blur print:static print:border-slate-300 print:bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <BrandMark />
          <span>{brandName}</span>
          <span className="sr-only">home</span>
        </Link>
        <nav aria-label="Legal" className="flex items-center gap-1 print:hidden">
          <NavLink to={LEGAL_PATHS.terms} className={(s) => cn(navLinkClass(s), 'hidden sm:inline-flex')}>
            Terms of Use
          </NavLink>
          <NavLink to={LEGAL_PATHS.privacy} className={(s) => cn(navLinkClass(s), 'hidden sm:inline-flex')}>
            Privacy Policy
          </NavLink>
          <Button asChild variant="outline" size="sm" className="ml-2">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </nav>
      </div>
    </header>
  )
}
