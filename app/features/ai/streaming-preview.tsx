import { LoaderCircleIcon, RotateCcwIcon } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import { SeoAssistant } from '#app/components/seo-assistant/seo-assistant.tsx'
import { uniqueItems } from '#app/components/ui/list-rules.ts'
import { type StreamDraft, wordCount } from '#app/features/ai/content-stream.ts'
import { categoryLabel, toSlug } from '#common/text-rules.ts'

/** Screen readers hear the count in steps of this many words, not on every streamed piece. */
const ANNOUNCE_EVERY = 200

/** 'Writing part 3 of 7: Designing the Reward' (medium and long posts are written part by part). */
export const sectionLine = (verb: string, section: NonNullable<StreamDraft['section']>) =>
  `${verb} part ${section.index} of ${section.total}: ${section.heading}`

/** docs/product.md §2 step 4 while the post is being written: the text appears as it streams in. */
export function StreamingPreview({
  draft,
  keyword,
  onKeywordChange,
}: {
  draft: StreamDraft
  /** The SEO focus keyword, kept by the tab: it goes on into the review form and the saved post. */
  keyword: string
  onKeywordChange: (keyword: string) => void
}) {
  const box = useRef<HTMLElement>(null)
  const stick = useRef(true)
  const words = wordCount(draft.content)

  // Follow the newest text unless the reader scrolled up to read something.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new piece of text
  useLayoutEffect(() => {
    const el = box.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [draft.content])

  const announced = Math.floor(words / ANNOUNCE_EVERY) * ANNOUNCE_EVERY
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900">
        <LoaderCircleIcon
          className="size-4 shrink-0 animate-spin text-violet-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        {/* One count on screen (issue 11 §2); screen readers hear it in steps, not on every word. */}
        <span aria-hidden="true" className="min-w-0">
          {draft.section ? sectionLine('Writing', draft.section) : 'Writing your post…'}
          {draft.content !== '' && (
            <>
              {' · '}
              <span className="tabular-nums">{`${words.toLocaleString('en-US')} words`}</span>
            </>
          )}
        </span>
        <span role="status" aria-live="polite" aria-atomic="true" className="sr-only">
          {draft.section
            ? `${sectionLine('Writing', draft.section)}.`
            : draft.content === ''
              ? 'Writing your post…'
              : `Writing your post… ${announced > 0 ? `about ${announced}` : 'the first'} words so far.`}
        </span>
      </div>
      {draft.retryReason && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <RotateCcwIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            The first draft did not meet the requirements ({draft.retryReason}), so a new one is being written.
          </span>
        </p>
      )}
      <article aria-label="Post being written" className="grid gap-3 rounded-lg border bg-slate-50/60 p-4 sm:p-5">
        {draft.title ? (
          <h3 className="text-xl font-bold tracking-tight text-slate-900">{draft.title}</h3>
        ) : (
          <div className="h-7 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
        )}
        {draft.excerpt && <p className="text-slate-700">{draft.excerpt}</p>}
        {(draft.category || draft.tags.length > 0) && (
          <p className="flex flex-wrap gap-1.5">
            {draft.category && (
              <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
                {categoryLabel(draft.category)}
              </span>
            )}
            {uniqueItems(draft.tags).map((tag) => (
              <span
                key={tag}
                className="rounded-md bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
              >
                {tag}
              </span>
            ))}
          </p>
        )}
        <section
          ref={box}
          aria-label="Content written so far"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
          }}
          className="max-h-96 overflow-y-auto rounded-md border bg-white p-4 focus-visible:outline-2 focus-visible:outline-ring font-mono text-sm leading-relaxed whitespace-pre-wrap text-slate-800"
        >
          {draft.content}
          <span
            className="ml-0.5 inline-block h-4 w-2 translate-y-0.5 animate-pulse bg-violet-600 motion-reduce:animate-none"
            aria-hidden="true"
          />
        </section>
      </article>
      <SeoAssistant
        title={draft.title}
        slug={toSlug(draft.title)}
        excerpt={draft.excerpt}
        content={draft.content}
        field={{ keyword, onKeywordChange }}
      />
    </div>
  )
}
