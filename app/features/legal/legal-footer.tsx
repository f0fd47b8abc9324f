import { Link } from 'react-router'
import { LEGAL_PATHS } from '#app/features/legal/legal-document.ts'
import { copyrightLine } from '#common/site.ts'

const linkClass = 'rounded-sm text-slate-600 underline-offset-4 transition-colors hover:text-primary hover:underline'

export function LegalFooter({ legalName, contactEmail }: { legalName: string; contactEmail: string }) {
  return (
    <footer className="border-t bg-slate-50 print:border-slate-300 print:bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <p className="text-sm text-slate-600 print:text-black">{copyrightLine(legalName)}</p>
        <nav aria-label="Footer" className="print:hidden">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/blog" className={linkClass}>
                Blog
              </Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.terms} className={linkClass}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className={linkClass}>
                {contactEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
