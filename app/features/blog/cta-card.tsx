import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'

/** docs/product.md §2: the call to action under every post. */
export function CtaCard() {
  return (
    <section
      aria-labelledby="cta-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-violet-800 via-violet-700 to-pink-700 px-6 py-12 text-center text-white shadow-xl sm:px-12"
    >
      <div className="pointer-events-none absolute -top-24 -left-24 size-72 rounded-full bg-white/10 blur-3xl" />
      <div className="pointer-events-none absolute -right-24 -bottom-24 size-72 rounded-full bg-pink-400/20 blur-3xl" />
      <div className="relative">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready to Transform Your Video Marketing?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base leading-7 text-violet-100">
          Turn viewers into customers with video quests: rewarded video that people choose to watch, with a claim flow
          that ends on your site.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/#contact"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-white px-6 text-base font-semibold text-violet-800 shadow-sm transition-colors hover:bg-violet-50 focus-visible:outline-white"
          >
            Get Started Today
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <Link
            to="/blog"
            className="inline-flex h-11 items-center justify-center rounded-md border border-white/50 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-white"
          >
            Read More Articles
          </Link>
        </div>
      </div>
    </section>
  )
}
