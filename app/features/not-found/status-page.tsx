import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { useSite } from '#app/lib/use-site.ts'

/** The frame shared by the not-found and error pages: the site's header and footer, a centred message. */
export function StatusPage({ children }: { children: React.ReactNode }) {
  return (
    <SiteLayout className="relative isolate flex items-center justify-center overflow-hidden bg-white px-4 py-16 sm:px-6">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-violet-200 via-fuchsia-100 to-pink-200 opacity-60 blur-3xl" />
        <div className="absolute right-0 bottom-0 left-0 h-40 bg-gradient-to-t from-violet-50 to-transparent" />
      </div>
      <div className="mx-auto w-full max-w-xl text-center">{children}</div>
    </SiteLayout>
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
