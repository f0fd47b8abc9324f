import { ArrowLeft, CalendarDays, Info, Scale } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { LEGAL_LAST_UPDATED, LEGAL_PATHS, type LegalDocument } from '#app/features/legal/legal-document.ts'
import { LegalToc } from '#app/features/legal/legal-toc.tsx'
import { PrintButton } from '#app/features/legal/print-button.tsx'
import { useHashTargetAfterFonts } from '#app/features/legal/use-hash-target.ts'
import { cn } from '#app/lib/utils.ts'

/** Typography for the formal text; descendant variants keep the content modules free of classes. */
const proseClass = [
  'space-y-4 text-[0.975rem] leading-7 text-slate-700 print:text-black print:text-[11pt] print:leading-normal',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 print:[&_a]:text-black',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900 print:[&_h3]:break-after-avoid',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-[lower-alpha] [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li]:marker:text-violet-500 print:[&_li]:marker:text-black',
  '[&_dl]:grid [&_dl]:gap-x-6 [&_dl]:gap-y-3 [&_dl]:rounded-lg [&_dl]:border [&_dl]:bg-slate-50 [&_dl]:p-5 sm:[&_dl]:grid-cols-[11rem_1fr]',
  '[&_dt]:font-semibold [&_dt]:text-slate-900 [&_dd]:text-slate-700 print:[&_dl]:bg-white',
].join(' ')

const documentLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:bg-white hover:text-slate-900',
    isActive ? 'bg-white text-primary shadow-sm ring-1 ring-violet-200' : 'text-slate-600',
  )

/** docs/product.md §2: the back-to-home link, and a switch between the two documents. */
function LegalNav() {
  return (
    <nav aria-label="Legal documents" className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-700 underline-offset-4 hover:text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to home
      </Link>
      <div className="flex gap-1 rounded-lg bg-violet-100/60 p-1">
        <NavLink to={LEGAL_PATHS.terms} className={documentLinkClass}>
          Terms of Use
        </NavLink>
        <NavLink to={LEGAL_PATHS.privacy} className={documentLinkClass}>
          Privacy Policy
        </NavLink>
      </div>
    </nav>
  )
}

export function LegalPage({ document: doc }: { document: LegalDocument }) {
  useHashTargetAfterFonts()
  return (
    <SiteLayout mainId="content" className="bg-white">
      <div className="border-b bg-gradient-to-b from-violet-50 via-white to-white print:border-0 print:bg-none">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:px-6 lg:px-8 print:p-0">
          <LegalNav />
          <p className="mt-8 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-semibold tracking-wider text-primary uppercase ring-1 ring-violet-200 print:hidden">
            <Scale aria-hidden="true" className="size-3.5" />
            Legal
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl print:mt-0 print:text-3xl">
            {doc.title}
          </h1>
          {doc.subtitle && <p className="mt-2 text-lg font-medium text-slate-700">{doc.subtitle}</p>}
          <p className="mt-4 max-w-3xl text-lg leading-8 text-pretty text-slate-600 print:text-base print:text-black">
            {doc.lead}
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
            <p className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 print:text-black">
              <CalendarDays aria-hidden="true" className="size-4 text-primary print:hidden" />
              <span>
                Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
              </span>
            </p>
            <PrintButton />
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:py-14 print:block print:px-0 print:py-6">
        <LegalToc sections={doc.sections} />
        <article className="min-w-0 max-w-3xl print:max-w-none">
          {doc.sections.map((section, index) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="offscreen-deferred border-b border-slate-200 py-10 first:pt-0 last:border-b-0 print:break-inside-auto print:py-5"
            >
              <h2
                id={section.id}
                className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900 print:break-after-avoid print:text-xl"
              >
                <span className="mr-1 text-primary tabular-nums print:text-black">{index + 1}.</span> {section.title}
              </h2>
              <p className="mt-4 flex gap-3 rounded-lg border border-violet-100 bg-violet-50/70 px-4 py-3 text-sm leading-6 text-slate-700 print:border-slate-300 print:bg-white print:text-black">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary print:hidden" />
                <span>
                  <span className="font-semibold text-slate-900">In short: </span>
                  {section.summary}
                </span>
              </p>
              <div className={`mt-5 ${proseClass}`}>{section.body}</div>
            </section>
          ))}
          <div className="mt-4 rounded-xl border bg-slate-50 p-6 text-slate-700 print:bg-white print:text-black">
            {doc.closing}
          </div>
          <p className="mt-8 print:hidden">
            <a href="#content" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to top
            </a>
          </p>
        </article>
      </div>
    </SiteLayout>
  )
}
