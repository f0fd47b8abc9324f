import { Rss } from 'lucide-react'
import { Link } from 'react-router'
import { BrandMark } from '#app/features/blog/brand-mark.tsx'
import { useSite } from '#app/lib/use-site.ts'
import { copyrightLine } from '#common/site.ts'

const link = 'rounded-sm text-sm text-slate-300 transition-colors hover:text-white'

export function BlogFooter() {
  const site = useSite()
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Link to="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold text-white">
            <BrandMark className="size-8" />
            {site.brandName}
          </Link>
          <p className="mt-3 text-sm leading-6 text-slate-400">{site.tagline}</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-3 sm:grid-cols-3">
          <Link to="/" className={link}>
            Home
          </Link>
          <Link to="/blog" className={link}>
            Blog
          </Link>
          <a href="/rss.xml" className={`${link} inline-flex items-center gap-1.5`}>
            <Rss className="size-3.5" aria-hidden="true" />
            RSS feed
          </a>
          <Link to="/legal/terms" className={link}>
            Terms of Use
          </Link>
          <Link to="/legal/privacy" className={link}>
            Privacy Policy
          </Link>
          <a href={`mailto:${site.contactEmail}`} className={link}>
            {site.contactEmail}
          </a>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-400 sm:px-6">{copyrightLine(site.legalName)}</p>
      </div>
    </footer>
  )
}
