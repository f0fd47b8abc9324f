import { ArrowRight, PlayCircle } from 'lucide-react'
import { HOW_IT_WORKS, type HowItWorksStep } from '#app/features/landing/content.ts'
import { CheckList, DetailDialog } from '#app/features/landing/detail-dialog.tsx'
import { LandingSection } from '#app/features/landing/landing-section.tsx'

export function HowItWorks() {
  return (
    <LandingSection id="how-it-works" className="bg-slate-50">
      <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {HOW_IT_WORKS.map((step, i) => (
          <li key={step.id}>
            <StepCard step={step} index={i} />
          </li>
        ))}
      </ol>
    </LandingSection>
  )
}

function StepCard({ step, index }: { step: HowItWorksStep; index: number }) {
  const Icon = step.icon
  return (
    <DetailDialog
      id={`step-modal-${step.id}`}
      data-testid={`step-modal-${step.id}`}
      title={step.title}
      description={step.description}
      trigger={
        <button
          type="button"
          className="group flex h-full w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-md"
        >
          <span className="flex items-center justify-between">
            <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-violet-700 to-pink-700 text-white">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold text-slate-500" aria-hidden="true">
              0{index + 1}
            </span>
          </span>
          <span className="mt-4 text-lg font-semibold text-slate-900">{step.title}</span>
          <span className="mt-2 flex-1 text-slate-600">{step.summary}</span>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-violet-700">
            Learn how{' '}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </span>
        </button>
      }
      action={
        <>
          <PlayCircle aria-hidden="true" />
          Demo
        </>
      }
      actionKind="demo"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Examples</h3>
        <CheckList items={step.examples} className="mt-2 grid gap-2" />
      </div>
    </DetailDialog>
  )
}
