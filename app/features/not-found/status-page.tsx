import { Link } from 'react-router'
import { BrandMark } from '#app/features/not-found/brand-mark.tsx'
import { useSite } from '#app/lib/use-site.ts'
import { copyrightLine } from '#common/site.ts'

/** The frame shared by the not-found and error pages: brand link, centred message, copyright line. */
export function StatusPage({ children }: { children: React.ReactNode }) {
  const site = useSite()
  return (
    <div className="relative isolate flex min-h-screen flex-col overflow-hidden bg-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-200 via-fuchsia-100 to-pink-200 opacity-60 blur-3xl" />
        <div className="absolute right-0 bottom-0 left-0 h-40 bg-gradient-to-t from-violet-50 to-transparent" />
      </div>
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900">
          <BrandMark />
          <span>{site.brandName}</span>
          <span className="sr-only">home</span>
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pt-4 pb-16 sm:px-6">
        <div className="mx-auto w-full max-w-xl text-center">{children}</div>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-600">{copyrightLine(site.legalName)}</footer>
    </div>
  )
}

/** Contact line under the actions: the site's contact address as a mail link. */
export function ContactLine({ children }: { children: React.ReactNode }) {
  const { contactEmail } = useSite()
  return (
    <p className="mt-10 text-sm text-slate-600">
      {children}{' '}
      <a
        href={`mailto:${contactEmail}`}
        className="rounded-sm font-medium text-primary underline underline-offset-4 hover:text-violet-800"
      >
        {contactEmail}
      </a>
    </p>
  )
}
