import { CalendarDays, Clock, Mail } from 'lucide-react'
import { newTab } from '#app/components/brand/site-links.ts'
import { useSite } from '#app/lib/use-site.ts'

/** The contact block of the landing page; the route passes in the form (features/contact). */
export function ContactSection({ form }: { form: React.ReactNode }) {
  const site = useSite()
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-16 bg-gradient-to-br from-violet-50 via-white to-pink-50 py-24"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-pink-700 uppercase">Contact</p>
          <h2 id="contact-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Ready to launch your first video quest?
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Tell us about your next launch. We will suggest the format, the reward and the numbers to expect, with no
            obligation.
          </p>
          <ul className="mt-8 grid gap-4 text-slate-700">
            <li className="flex items-center gap-3">
              <Clock className="size-5 text-violet-700" aria-hidden="true" />
              We reply within 24 hours, Monday to Friday.
            </li>
            <li className="flex items-center gap-3">
              <Mail className="size-5 text-violet-700" aria-hidden="true" />
              <a
                href={`mailto:${site.contactEmail}`}
                className="font-medium text-violet-800 underline-offset-4 hover:underline"
              >
                {site.contactEmail}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <CalendarDays className="size-5 text-violet-700" aria-hidden="true" />
              <a
                href={site.bookingUrl}
                {...newTab}
                className="font-medium text-violet-800 underline-offset-4 hover:underline"
              >
                Book a call
              </a>
            </li>
          </ul>
        </div>
        {form}
      </div>
    </section>
  )
}
