import { ArrowRight, CheckCircle2, PlayCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'
import { HOW_IT_WORKS, type HowItWorksStep } from '#app/features/landing/content.ts'
import { useOpenDemo } from '#app/features/landing/demo-modal.tsx'
import { SectionHeading } from '#app/features/landing/section-heading.tsx'

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 bg-slate-50 py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From first view to loyal customer in four steps"
          text="Open any step to see what it looks like in a real campaign."
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, i) => (
            <li key={step.id}>
              <StepCard step={step} index={i} />
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

function StepCard({ step, index }: { step: HowItWorksStep; index: number }) {
  const [open, setOpen] = useState(false)
  const openDemo = useOpenDemo()
  const cardRef = useRef<HTMLButtonElement>(null)
  const Icon = step.icon
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          ref={cardRef}
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
      </DialogTrigger>
      <DialogContent showClose={false} data-testid={`step-modal-${step.id}`}>
        <DialogHeader>
          <DialogTitle>{step.title}</DialogTitle>
          <DialogDescription className="text-base text-slate-600">{step.description}</DialogDescription>
        </DialogHeader>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Examples</h3>
          <ul className="mt-2 grid gap-2">
            {step.examples.map((e) => (
              <li key={e} className="flex gap-2 text-sm text-slate-700">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-violet-700" aria-hidden="true" />
                {e}
              </li>
            ))}
          </ul>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button
            variant="gradient"
            onClick={() => {
              setOpen(false)
              openDemo(cardRef.current)
            }}
          >
            <PlayCircle aria-hidden="true" />
            Demo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
