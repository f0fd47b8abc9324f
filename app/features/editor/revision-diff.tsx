import { diffWords } from 'diff'
import { useMemo } from 'react'

/** A diff longer than this to compute is not shown: the tab must stay responsive. */
const DIFF_TIMEOUT_MS = 500

/** How an added and a removed part look; a screen reader hears '[added: …]' or '[removed: …]'. */
const CHANGES = {
  added: { Tag: 'ins', className: 'bg-green-100 text-green-900 underline decoration-green-700' },
  removed: { Tag: 'del', className: 'bg-red-100 text-red-900 line-through decoration-red-700' },
} as const

/**
 * An inline word diff from `before` (the chosen revision) to `after` (the saved post): struck red
 * text is only in the revision, underlined green text only in the post. Long lines wrap.
 */
export function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = useMemo(
    () => (before === after ? [] : diffWords(before, after, { timeout: DIFF_TIMEOUT_MS })),
    [before, after],
  )
  return (
    <div className="grid min-w-0 gap-1.5">
      <h3 className="text-sm font-semibold text-slate-800">{label}</h3>
      {before === after ? (
        <p className="text-sm text-muted-foreground">No changes.</p>
      ) : parts === undefined ? (
        <p className="text-sm text-muted-foreground">Too many changes to show as a diff.</p>
      ) : (
        <p className="min-w-0 rounded-md border bg-slate-50 p-3 font-mono text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800">
          {parts.map((part, i) => {
            const kind = part.added ? 'added' : part.removed ? 'removed' : null
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their place
            if (!kind) return <span key={i}>{part.value}</span>
            const { Tag, className } = CHANGES[kind]
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their place
              <Tag key={i} className={className}>
                <span className="sr-only">{`[${kind}: `}</span>
                {part.value}
                <span className="sr-only">]</span>
              </Tag>
            )
          })}
        </p>
      )}
    </div>
  )
}
