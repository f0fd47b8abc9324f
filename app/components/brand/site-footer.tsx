import { BookOpen, CalendarDays, Mail, Rss } from 'lucide-react'
import { Link } from 'react-router'
import { BrandLogo } from '#app/components/brand/brand-mark.tsx'
import { newTab } from '#app/components/brand/site-links.ts'
import { useCopyrightYear, useSite } from '#app/lib/use-site.ts'
import { RSS_PATH } from '#common/seo.ts'
import { copyrightLine } from '#common/site.ts'

/** Simple brand marks drawn for this site (lucide ships no logos). */
const SOCIAL_ICONS = {
  x: 'M4 4l6.5 8.5L4 20h2l5.4-6.2L16 20h4l-6.9-9L19 4h-2l-4.8 5.5L8 4z',
  linkedin:
    'M5 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3.5 9.5h3V20h-3zM9.5 9.5h2.9v1.5c.5-.9 1.7-1.8 3.4-1.8 3 0 3.7 2 3.7 4.6V20h-3v-5.6c0-1.3-.1-2.7-1.8-2.7s-2.2 1.3-2.2 2.7V20h-3z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  discord:
    'M19.3 5.3A16.5 16.5 0 0 0 15.2 4l-.5 1a15 15 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.8a16.6 16.6 0 0 0 5 2.5l1.1-1.7a10.7 10.7 0 0 1-1.7-.8l.4-.3a11.8 11.8 0 0 0 11 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.7a16.5 16.5 0 0 0 5-2.5c.4-4.4-.7-8.2-3-11.5zM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2z',
} as const

/** The one footer of every public page (issue 11 §8): brand, resources, legal links, © line. */
export function SiteFooter() {
  const site = useSite()
  const year = useCopyrightYear()
  const socials = [
    { key: 'x', label: 'X', href: site.social.x },
    { key: 'linkedin', label: 'LinkedIn', href: site.social.linkedin },
    { key: 'youtube', label: 'YouTube', href: site.social.youtube },
    { key: 'discord', label: 'Discord', href: site.social.discord },
  ] as const
  const linkClass = 'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline'
  const iconLinkClass = `inline-flex items-center gap-1.5 ${linkClass}`
  return (
    <footer className="bg-slate-950 text-slate-300 print:bg-white print:text-black">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_2fr] md:py-16 print:hidden">
        <div>
          <BrandLogo name={site.brandName} className="text-white" />
          <p className="mt-4 max-w-sm text-sm text-slate-400">{site.tagline}</p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {socials.map((s) => (
              <li key={s.key}>
                <a
                  href={s.href}
                  {...newTab}
                  aria-label={`${site.brandName} on ${s.label} (opens in a new tab)`}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                >
                  <svg viewBox="0 0 24 24" className="size-5 fill-current" aria-hidden="true">
                    <path d={SOCIAL_ICONS[s.key]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8">
          <div>
            <h2 className="text-sm font-semibold text-white">Resources</h2>
            <ul className="mt-4 grid gap-3 text-sm">
              <li>
                <Link to="/blog" className={linkClass}>
                  Blog
                </Link>
              </li>
              <li>
                <a href={RSS_PATH} className={iconLinkClass}>
                  <Rss className="size-4" aria-hidden="true" />
                  RSS feed
                </a>
              </li>
              <li>
                <a href="/subscribe" className={iconLinkClass}>
                  <Mail className="size-4" aria-hidden="true" />
                  Get posts by email
                </a>
              </li>
              <li>
                <a href={site.docsUrl} {...newTab} className={iconLinkClass}>
                  <BookOpen className="size-4" aria-hidden="true" />
                  Documentation
                </a>
              </li>
              <li>
                <a href={site.bookingUrl} {...newTab} className={iconLinkClass}>
                  <CalendarDays className="size-4" aria-hidden="true" />
                  Book a call
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold text-white">Legal</h2>
            <ul className="mt-4 grid gap-3 text-sm">
              <li>
                <Link to="/legal/terms" className={linkClass}>
                  Terms of Use
                </Link>
              </li>
              <li>
                <Link to="/legal/privacy" className={linkClass}>
                  Privacy Policy
                </Link>
              </li>
              <li className="min-w-0">
                <a href={`mailto:${site.contactEmail}`} className={`${iconLinkClass} break-all`}>
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {site.contactEmail}
                </a>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="border-t border-white/10 print:border-slate-300">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 print:text-black">
          {copyrightLine(site.legalName, year)} Registered in the United Kingdom.
        </p>
      </div>
    </footer>
  )
}
