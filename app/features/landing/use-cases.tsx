import { USE_CASES } from '#app/features/landing/content.ts'
import { LandingSection } from '#app/features/landing/landing-section.tsx'

export function UseCases() {
  return (
    <LandingSection id="use-cases" className="bg-white">
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {USE_CASES.map(({ icon: Icon, title, text }, i) => (
          <li
            key={title}
            className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-900 to-violet-950 p-6 text-white shadow-lg"
          >
            <span
              className="absolute -top-10 -right-10 size-32 rounded-full bg-gradient-to-br from-violet-500/40 to-pink-500/40 blur-2xl"
              aria-hidden="true"
            />
            <span className="relative flex size-11 items-center justify-center rounded-xl bg-white/10 text-pink-200">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="relative mt-4 text-lg font-semibold">{title}</h3>
            <p className="relative mt-2 text-sm text-slate-300">{text}</p>
            <span className="relative mt-4 block text-xs font-semibold text-pink-200" aria-hidden="true">
              0{i + 1}
            </span>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}
