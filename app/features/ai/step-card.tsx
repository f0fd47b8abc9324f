import { SectionCard } from '#app/components/ui/section-card.tsx'

/** One numbered step of the AI Generation flow, as a white admin card. */
export function StepCard({
  step,
  title,
  icon,
  ...card
}: {
  step: number
  title: string
  description?: React.ReactNode
  icon?: React.ReactNode
  headingRef?: React.Ref<HTMLHeadingElement>
  busy?: boolean
  children: React.ReactNode
  className?: string
  footer?: React.ReactNode
}) {
  return (
    <SectionCard
      {...card}
      headingId={`ai-step-${step}`}
      marker={
        <span
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-pink-600 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {step}
        </span>
      }
      headingClassName="flex items-center gap-2 [&_svg]:size-4 [&_svg]:text-violet-700"
      title={
        <>
          <span className="sr-only">Step {step}: </span>
          {icon}
          {title}
        </>
      }
    />
  )
}
