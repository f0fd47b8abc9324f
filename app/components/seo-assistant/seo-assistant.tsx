import { ChevronDownIcon, CircleAlertIcon, CircleCheckIcon, GaugeIcon, TriangleAlertIcon } from 'lucide-react'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useRouteLoaderData } from 'react-router'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { cn } from '#app/lib/utils.ts'
import type { loader as rootLoader } from '#app/root.server.ts'
import { FOCUS_KEYWORD_MAX } from '#common/contract/seo-check.ts'
import { checkSeo, type SeoCheck, type SeoCheckId, type SeoStatus, scoreLabel } from '#common/seo-check.ts'

export interface SeoFields {
  title: string
  slug: string
  excerpt: string
  content: string
  /** The image manager's alt texts: '' marks an image decorative on purpose. */
  imageAlts?: Record<string, string>
}

/** Issue 32: a post form's focus keyword, saved with the post; without it the assistant keeps its own. */
interface KeywordField {
  keyword: string
  onKeywordChange: (keyword: string) => void
}

const CHECK_NAMES: Record<SeoCheckId, string> = {
  'title-length': 'Title length',
  'excerpt-length': 'Excerpt length',
  'focus-keyword': 'Focus keyword',
  'keyword-in-title': 'Keyword in title',
  'keyword-in-slug': 'Keyword in slug',
  'keyword-in-first-paragraph': 'Keyword in first paragraph',
  'keyword-in-subheading': 'Keyword in a subheading',
  'text-length': 'Text length',
  'single-h1': 'One H1',
  'heading-order': 'Heading order',
  'image-alt': 'Image alt text',
  'internal-link': 'Internal link',
  'external-link': 'External link',
  'paragraph-length': 'Paragraph length',
  'sentence-length': 'Sentence length',
  'reading-ease': 'Reading ease',
}

const GROUPS: { status: SeoStatus; heading: string; icon: React.ReactNode }[] = [
  { status: 'problem', heading: 'Problems', icon: <CircleAlertIcon className="text-red-600" /> },
  { status: 'improve', heading: 'Improvements', icon: <TriangleAlertIcon className="text-amber-600" /> },
  { status: 'good', heading: 'Good', icon: <CircleCheckIcon className="text-emerald-600" /> },
]

const TONE: Record<SeoStatus, string> = {
  good: 'text-emerald-800',
  improve: 'text-amber-800',
  problem: 'text-red-800',
}

/** The assistant for a post form: it follows the fields as they are typed. */
export function PostSeoAssistant({ form }: { form: EditorForm }) {
  const [title, slug, excerpt, content, imageAlts, focusKeyword] = useWatch({
    control: form.control,
    name: ['title', 'slug', 'excerpt', 'content', 'imageAlts', 'focusKeyword'],
  })
  return (
    <SeoAssistant
      title={title}
      slug={slug}
      excerpt={excerpt}
      content={content}
      imageAlts={imageAlts}
      field={{
        keyword: focusKeyword ?? '',
        onKeywordChange: (value) => form.setValue('focusKeyword', value, { shouldDirty: true }),
      }}
    />
  )
}

/**
 * Issue 15 §2: the SEO and readability score and checks of a post, computed in the browser by the
 * same function as `POST /api/blog/seo-check` (docs/decisions/033-seo-assistant.md).
 */
export function SeoAssistant({ field, ...fields }: SeoFields & { field?: KeywordField }) {
  const id = useId()
  const [ownKeyword, setOwnKeyword] = useState('')
  const keyword = field ? field.keyword : ownKeyword
  const setKeyword = field ? field.onKeywordChange : setOwnKeyword
  const [open, setOpen] = useState(true)
  const siteUrl = useRouteLoaderData<typeof rootLoader>('root')?.publicUrl
  // Deferred: typing (or a streaming draft) stays smooth; the checks catch up when React is idle.
  const { title, slug, excerpt, content, imageAlts } = fields
  const input = useMemo(
    () => ({ title, slug, excerpt, content, imageAlts, focusKeyword: keyword, siteUrl }),
    [title, slug, excerpt, content, imageAlts, keyword, siteUrl],
  )
  const deferred = useDeferredValue(input)
  const result = useMemo(() => checkSeo(deferred), [deferred])
  const { status, label } = scoreLabel(result.score)
  const listId = `${id}-checks`

  return (
    <SectionCard
      headingId={`${id}-heading`}
      title="SEO & readability"
      icon={<GaugeIcon />}
      headerAction={
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDownIcon className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
          {open ? 'Hide checks' : 'Show checks'}
        </Button>
      }
    >
      <div className="grid gap-2">
        <div className="flex items-baseline gap-2">
          <span className="text-3xl font-bold text-slate-900 tabular-nums" data-testid="seo-score">
            {result.score}
          </span>
          <span className="text-sm text-muted-foreground">/ 100</span>
          <span className={cn('ml-auto text-sm font-semibold', TONE[status])}>{label}</span>
        </div>
        {/* The bands of scoreLabel: 80+ good, 50–79 needs work, under 50 poor. */}
        <meter
          aria-label="SEO score"
          min={0}
          max={100}
          low={50}
          high={80}
          optimum={100}
          value={result.score}
          aria-valuetext={`${result.score} of 100, ${label}`}
          className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-moz-meter-bar]:rounded-full [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-slate-200 [&::-webkit-meter-even-less-good-value]:bg-red-600 [&::-webkit-meter-optimum-value]:bg-emerald-600 [&::-webkit-meter-suboptimum-value]:bg-amber-500"
        />
        {/* Only the band is announced: the number moves with nearly every keystroke. */}
        <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
          {`SEO score: ${label}.`}
        </p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-keyword`}>Focus keyword</Label>
        <Input
          id={`${id}-keyword`}
          value={keyword}
          maxLength={FOCUS_KEYWORD_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          aria-describedby={`${id}-keyword-hint`}
          autoComplete="off"
        />
        <p id={`${id}-keyword-hint`} className="text-xs text-muted-foreground">
          {field
            ? 'The phrase people would search for. It is saved with the post.'
            : 'The phrase people would search for.'}
        </p>
      </div>

      {open && (
        <div id={listId} className="grid gap-4">
          {GROUPS.map((group) => (
            <CheckGroup
              key={group.status}
              headingId={`${id}-${group.status}`}
              {...group}
              checks={result.checks.filter((c) => c.status === group.status)}
            />
          ))}
        </div>
      )}
    </SectionCard>
  )
}

function CheckGroup({
  headingId,
  heading,
  icon,
  checks,
}: {
  headingId: string
  heading: string
  icon: React.ReactNode
  checks: SeoCheck[]
}) {
  if (checks.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {`${heading} (${checks.length})`}
      </h3>
      <ul className="grid gap-2">
        {checks.map((check) => (
          <li
            key={check.id}
            className="flex gap-2 text-sm text-slate-700 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0"
          >
            <span aria-hidden="true">{icon}</span>
            <p className="min-w-0 break-words">
              <strong className="font-medium text-slate-900">{CHECK_NAMES[check.id]}:</strong> {check.message}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
