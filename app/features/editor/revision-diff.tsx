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

/**
 * Issue 28: the same word diff as two columns, `theirs` beside `mine`: struck red text is only in
 * theirs, underlined green text only in mine. The columns stack on a phone.
 */
export function SideBySideDiff({
  label,
  theirs,
  mine,
  theirsLabel,
  mineLabel,
}: {
  label: string
  theirs: string
  mine: string
  theirsLabel: string
  mineLabel: string
}) {
  const parts = useMemo(
    () => (theirs === mine ? [] : diffWords(theirs, mine, { timeout: DIFF_TIMEOUT_MS })),
    [theirs, mine],
  )
  const column = (side: 'theirs' | 'mine') => {
    if (parts === undefined) return side === 'theirs' ? theirs : mine
    const hidden = side === 'theirs' ? 'added' : 'removed'
    return parts.map((part, i) => {
      if (part[hidden]) return null
      const kind = part.added ? 'added' : part.removed ? 'removed' : null
      // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their place
      if (!kind) return <span key={i}>{part.value}</span>
      const { Tag, className } = CHANGES[kind]
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their place
        <Tag key={i} className={className}>
          <span className="sr-only">{`[${kind === 'added' ? 'only yours' : 'only theirs'}: `}</span>
          {part.value}
          <span className="sr-only">]</span>
        </Tag>
      )
    })
  }
  const box =
    'min-w-0 max-h-72 overflow-y-auto rounded-md border bg-slate-50 p-3 font-mono text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-800'
  return (
    <section aria-label={`${label}, side by side`} className="grid min-w-0 gap-1.5">
      <h3 className="text-sm font-semibold text-slate-800">
        {label}
        {theirs === mine && <span className="font-normal text-muted-foreground"> · the same in both</span>}
      </h3>
      {parts === undefined && <p className="text-sm text-muted-foreground">Too many changes to mark.</p>}
      {theirs === mine ? (
        <p className={box}>{mine || <em className="text-muted-foreground">(empty)</em>}</p>
      ) : (
        <div className="grid min-w-0 gap-3 md:grid-cols-2">
          <div className="grid min-w-0 content-start gap-1" data-side="theirs">
            <span className="text-xs font-medium text-slate-600">{theirsLabel}</span>
            <p className={box}>{column('theirs') || <em className="text-muted-foreground">(empty)</em>}</p>
          </div>
          <div className="grid min-w-0 content-start gap-1" data-side="mine">
            <span className="text-xs font-medium text-slate-600">{mineLabel}</span>
            <p className={box}>{column('mine') || <em className="text-muted-foreground">(empty)</em>}</p>
          </div>
        </div>
      )}
    </section>
  )
}
