import { ArrowRight } from 'lucide-react'
import { ClawMachine } from '#app/features/landing/claw-machine.tsx'
import { CRM_NOTE, REWARDS, type RewardOption } from '#app/features/landing/content.ts'
import { CheckList, DetailDialog } from '#app/features/landing/detail-dialog.tsx'
import { LandingSection } from '#app/features/landing/landing-section.tsx'

export function RewardsSection() {
  const CrmIcon = CRM_NOTE.icon
  return (
    <LandingSection id="rewards" className="bg-slate-50">
      <div className="mt-14 grid items-start gap-10 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div>
          <ClawMachine />
          <div className="mt-6 flex gap-3 rounded-2xl border border-violet-200 bg-white p-4">
            <CrmIcon className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
            <p className="text-sm text-slate-700">
              <strong className="font-semibold text-slate-900">{CRM_NOTE.title}.</strong> {CRM_NOTE.text}
            </p>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {REWARDS.map((r) => (
            <li key={r.id}>
              <RewardCard reward={r} />
            </li>
          ))}
        </ul>
      </div>
    </LandingSection>
  )
}

function RewardCard({ reward }: { reward: RewardOption }) {
  const Icon = reward.icon
  return (
    <DetailDialog
      id={`reward-modal-${reward.id}`}
      data-testid={`reward-modal-${reward.id}`}
      className="sm:max-w-xl"
      title={reward.title}
      description={reward.description}
      trigger={
        <button
          type="button"
          className="group flex h-full w-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-violet-300 hover:shadow-md"
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-violet-100 to-pink-100 text-violet-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="flex flex-col">
            <span className="font-semibold text-slate-900">{reward.title}</span>
            <span className="mt-1 text-sm text-slate-600">{reward.summary}</span>
            <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-violet-700">
              See a case study <ArrowRight className="size-4" aria-hidden="true" />
            </span>
          </span>
        </button>
      }
      action={
        <>
          Learn More
          <ArrowRight aria-hidden="true" />
        </>
      }
      // Learn More leads to the contact form: its first field is focused instead of the card.
      actionKind="contact"
    >
      <div className="rounded-xl bg-gradient-to-br from-violet-50 to-pink-50 p-5">
        <h3 className="text-xs font-semibold tracking-wide text-pink-700 uppercase">Example case study</h3>
        <dl className="mt-3 grid gap-2 text-sm">
          <div>
            <dt className="font-semibold text-slate-900">Brand</dt>
            <dd className="text-slate-700">{reward.caseStudy.brand}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Campaign</dt>
            <dd className="text-slate-700">{reward.caseStudy.campaign}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Results</dt>
            <dd>
              <CheckList items={reward.caseStudy.results} className="mt-1 grid gap-1.5" />
            </dd>
          </div>
        </dl>
      </div>
    </DetailDialog>
  )
}
