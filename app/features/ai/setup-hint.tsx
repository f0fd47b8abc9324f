import { KeyRoundIcon } from 'lucide-react'
import { AI_NOT_CONFIGURED } from '#common/contract/ai.ts'

/**
 * Shown instead of the AI steps when GET /api/blog/ai/status says no AI_API_KEY is set, so the
 * admin learns it before typing anything rather than at the last step (issue 4, offline mode).
 */
export function SetupHint({ feature, children }: { feature: string; children?: React.ReactNode }) {
  const headingId = `setup-hint-${feature.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-xl border border-amber-300 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-4 bg-gradient-to-br from-amber-50 to-white px-5 py-6 sm:flex-row sm:px-6">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 [&_svg]:size-5"
          aria-hidden="true"
        >
          <KeyRoundIcon />
        </span>
        <div className="grid min-w-0 gap-3">
          <div className="grid gap-1">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {feature} needs an AI provider
            </h2>
            <p className="font-medium text-amber-900">{AI_NOT_CONFIGURED}</p>
          </div>
          <p className="max-w-2xl text-sm text-slate-700">
            Any OpenAI-compatible service works: OpenAI, or a self-hosted model such as Ollama, vLLM or LM Studio. Set
            the variables in the server's environment and restart it; this tab then shows the AI steps.
          </p>
          <pre className="w-fit max-w-full overflow-x-auto rounded-lg border bg-slate-950 px-4 py-3 font-mono text-xs leading-relaxed text-slate-100">
            <code>
              {'AI_API_KEY=sk-…\n'}
              <span className="text-slate-400">{'# for a self-hosted model:\n'}</span>
              {'AI_BASE_URL=http://localhost:11434/v1\n'}
              <span className="text-slate-400">{'# for AI pictures instead of branded covers:\n'}</span>
              {'AI_IMAGE_MODEL=gpt-image-1'}
            </code>
          </pre>
          {children}
        </div>
      </div>
    </section>
  )
}
