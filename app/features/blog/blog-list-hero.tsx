import { useSite } from '#app/lib/use-site.ts'

export function BlogListHero() {
  const site = useSite()
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-violet-950 via-violet-800 to-pink-700 text-white">
      <div className="pointer-events-none absolute -top-32 -right-24 size-96 rounded-full bg-pink-400/25 blur-3xl" />
      <div className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-violet-400/25 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-20 sm:pb-24">
        <p className="text-sm font-semibold tracking-widest text-pink-200 uppercase">{site.brandName} Blog</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Industry News and Articles
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-violet-100">
          Research, playbooks and product news on rewarded video: how brands turn viewers into customers with video
          quests.
        </p>
      </div>
    </section>
  )
}
