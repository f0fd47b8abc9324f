import { useQuery } from '@tanstack/react-query'
import {
  CircleAlertIcon,
  FileCheck2Icon,
  LayoutGridIcon,
  SlidersHorizontalIcon,
  SparklesIcon,
  TagsIcon,
} from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { EditorValues } from '#app/components/post-form/post-form.ts'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ChipListInput } from '#app/components/ui/chip-list-input.tsx'
import { AiStatusSkeleton } from '#app/features/ai/ai-status-skeleton.tsx'
import { ContentOptionsForm } from '#app/features/ai/content-options-form.tsx'
import { applyContentEvent, emptyDraft, type StreamDraft, wordCount } from '#app/features/ai/content-stream.ts'
import { CoverMaker } from '#app/features/ai/cover-maker.tsx'
import { asSentence, serverSentence, TOPICS_DURATION } from '#app/features/ai/messages.ts'
import { PostReviewForm, reviewValuesFrom } from '#app/features/ai/post-review-form.tsx'
import { aiStatusOptions, StreamFailure, useGenerateContent, useTrendingTopics } from '#app/features/ai/queries.ts'
import { SetupHint } from '#app/features/ai/setup-hint.tsx'
import { StepCard } from '#app/features/ai/step-card.tsx'
import { StreamingPreview } from '#app/features/ai/streaming-preview.tsx'
import { TopicPicker, TopicPickerSkeleton } from '#app/features/ai/topic-picker.tsx'
import { toast } from '#app/lib/toast.ts'
import { useSite } from '#app/lib/use-site.ts'
import {
  AI_DEFAULTS,
  CONTENT_FAILED,
  type ContentRequest,
  GENERATION_FAILED,
  KEYWORD_MAX,
  KEYWORDS_MAX,
  LENGTHS,
  type Length,
  NO_KEYWORDS,
  NO_TOPIC,
  TOPICS_WAIT,
  type TopicItem,
} from '#common/contract/ai.ts'

type ContentPhase =
  | { kind: 'idle' }
  | { kind: 'streaming'; draft: StreamDraft }
  | { kind: 'ready'; values: EditorValues; notices: string[]; length: Length; key: number }
  | { kind: 'failed'; reason: string | null }

/**
 * docs/product.md §2 Create post — AI Generation, four steps: keywords → trending topics → options →
 * review (streamed in as it is written) → draft or publish. Without AI configured, the setup
 * hint replaces the steps (the branded cover still works).
 */
export function AiGenerationTab() {
  const status = useQuery(aiStatusOptions())
  if (status.isPending) return <AiStatusSkeleton label="Checking the AI setup…" />
  // A failed status check is no reason to hide the tools: each step reports its own failure.
  if (status.data?.configured === false) {
    return (
      <div className="grid gap-6">
        <SetupHint feature="AI Generation" />
        <CoverMaker />
      </div>
    )
  }
  return <GenerationSteps />
}

function GenerationSteps() {
  const site = useSite()
  const uid = useId()
  const idPrefix = `gen${uid.replace(/[^a-zA-Z0-9]/g, '')}`
  const [keywords, setKeywords] = useState<string[]>([])
  // The SEO focus keyword: the writer's first keyword unless they change it while the post streams;
  // it goes into the review form, so the score there and after saving is the one seen here.
  const [focusKeyword, setFocusKeyword] = useState<string | null>(null)
  const keywordNow = useRef('')
  const chooseKeyword = (keyword: string) => {
    keywordNow.current = keyword
    setFocusKeyword(keyword)
  }
  const [keywordError, setKeywordError] = useState<string | null>(null)
  const [topics, setTopics] = useState<TopicItem[] | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const [phase, setPhase] = useState<ContentPhase>({ kind: 'idle' })
  const [announcement, setAnnouncement] = useState('')
  const keywordInput = useRef<HTMLInputElement>(null)
  const topicsHeading = useRef<HTMLHeadingElement>(null)
  const reviewHeading = useRef<HTMLHeadingElement>(null)
  const abort = useRef<AbortController | null>(null)
  const generation = useRef(0)
  const trending = useTrendingTopics()
  const content = useGenerateContent()

  // Leaving the page stops the provider call (the server aborts it when the client goes away).
  useEffect(() => () => abort.current?.abort(), [])

  const generateTopics = async () => {
    if (keywords.length === 0) {
      setKeywordError(NO_KEYWORDS)
      toast({ title: 'Error', description: NO_KEYWORDS, variant: 'destructive' })
      keywordInput.current?.focus()
      return
    }
    setKeywordError(null)
    setAnnouncement('Generating trending topics…')
    try {
      const next = await trending.mutateAsync(keywords)
      setTopics(next)
      setSelected(null)
      setAnnouncement(`${next.length} topics ready. Choose one in step 2.`)
      requestAnimationFrame(() => {
        topicsHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
        topicsHeading.current?.focus({ preventScroll: true })
      })
    } catch (error) {
      const reason = serverSentence(error) ?? (error instanceof Error ? error.message : String(error))
      setAnnouncement('')
      toast({
        title: GENERATION_FAILED,
        description: `${asSentence(reason)} ${TOPICS_WAIT}`,
        variant: 'destructive',
      })
    }
  }

  const generateContent = async (options: Omit<ContentRequest, 'topic'>) => {
    const topic = selected === null ? null : topics?.[selected]
    if (!topic) {
      toast({ title: 'Error', description: NO_TOPIC, variant: 'destructive' })
      return
    }
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    const run = ++generation.current
    let draft = emptyDraft
    chooseKeyword(focusKeyword ?? keywords[0] ?? '')
    setPhase({ kind: 'streaming', draft })
    setAnnouncement('')
    requestAnimationFrame(() => reviewHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }))
    try {
      const { content: post, notices } = await content.mutateAsync({
        request: { topic, ...options },
        signal: controller.signal,
        onEvent: (event) => {
          if (run !== generation.current) return
          draft = applyContentEvent(draft, event)
          setPhase({ kind: 'streaming', draft })
        },
      })
      if (run !== generation.current) return
      const asked = LENGTHS.find((l) => l === options.length)
      const length: Length = asked ?? AI_DEFAULTS.length
      // The keyword as it is now: the writer may have changed it while the post streamed.
      setPhase({
        kind: 'ready',
        values: { ...reviewValuesFrom(post, site.teamName), focusKeyword: keywordNow.current },
        notices,
        length,
        key: run,
      })
      setAnnouncement(`Content ready: ${wordCount(post.content)} words. Review the post in step 4.`)
      toast({
        title: 'Content Generated',
        description:
          notices.length > 0
            ? 'Review the notes above the post, then save it as a draft or publish it.'
            : 'Review and edit the post, then save it as a draft or publish it.',
      })
    } catch (error) {
      if (run !== generation.current || controller.signal.aborted) return
      const reason = error instanceof StreamFailure ? error.message : serverSentence(error)
      setPhase({ kind: 'failed', reason })
      setAnnouncement('')
      toast({ title: GENERATION_FAILED, description: CONTENT_FAILED, variant: 'destructive' })
    }
  }

  const streaming = phase.kind === 'streaming'
  return (
    <div className="grid gap-6">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <StepCard
        step={1}
        title="Add keywords"
        icon={<TagsIcon />}
        description="Words your audience searches for. The AI suggests trending topics around them."
        footer={
          <>
            <p className="mr-auto text-xs text-muted-foreground">Six topic ideas come back.</p>
            <Button
              type="button"
              variant="gradient"
              disabled={trending.isPending}
              onClick={() => void generateTopics()}
            >
              <BusyIcon busy={trending.isPending} icon={SparklesIcon} />
              {trending.isPending ? `Generating Topics... ${TOPICS_DURATION}` : 'Generate Trending Topics'}
            </Button>
          </>
        }
      >
        <ChipListInput
          id={`${idPrefix}-keywords`}
          label="Keywords"
          itemName="keyword"
          value={keywords}
          onChange={(next) => {
            setKeywords(next)
            if (next.length > 0) setKeywordError(null)
          }}
          inputRef={keywordInput}
          max={KEYWORDS_MAX}
          maxLength={KEYWORD_MAX}
          placeholder="e.g. rewarded video, then Enter"
          hint="Press Enter or + to add each keyword. Duplicates and blanks are ignored."
          error={keywordError ?? undefined}
        />
      </StepCard>

      {(topics || trending.isPending) && (
        <StepCard
          step={2}
          title="Pick a trending topic"
          icon={<LayoutGridIcon />}
          headingRef={topicsHeading}
          busy={trending.isPending}
          description="Pick the idea to write about; the options below shape how it is written."
        >
          {trending.isPending || !topics ? (
            <TopicPickerSkeleton />
          ) : (
            <TopicPicker
              topics={topics}
              selected={selected}
              onSelect={setSelected}
              name={`${idPrefix}-topic`}
              legendId={`${idPrefix}-topic-legend`}
            />
          )}
        </StepCard>
      )}

      {topics && (
        <StepCard
          step={3}
          title="Set the options"
          icon={<SlidersHorizontalIcon />}
          description={
            selected !== null && topics[selected] ? (
              <>
                Writing about <span className="font-medium text-slate-800">{topics[selected].title}</span>
              </>
            ) : (
              'Tone, length, audience, key points and the call to action.'
            )
          }
        >
          <ContentOptionsForm
            idPrefix={`${idPrefix}-options`}
            pending={streaming}
            onGenerate={(options) => void generateContent(options)}
          />
        </StepCard>
      )}

      {phase.kind !== 'idle' && (
        <StepCard
          step={4}
          title="Review and publish"
          icon={<FileCheck2Icon />}
          headingRef={reviewHeading}
          busy={streaming}
          description={
            phase.kind === 'streaming'
              ? 'The post appears here as it is written; you can edit it once it is complete.'
              : phase.kind === 'failed'
                ? 'Nothing was kept. Change the options or try again.'
                : 'Edit anything you like, add a featured image, then save it.'
          }
        >
          {phase.kind === 'streaming' && (
            <StreamingPreview draft={phase.draft} keyword={focusKeyword ?? ''} onKeywordChange={chooseKeyword} />
          )}
          {phase.kind === 'failed' && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div className="grid gap-1">
                <p className="font-medium">{CONTENT_FAILED}</p>
                {phase.reason && phase.reason !== CONTENT_FAILED && <p>{phase.reason}</p>}
              </div>
            </div>
          )}
          {phase.kind === 'ready' && (
            <PostReviewForm
              key={phase.key}
              initial={phase.values}
              notices={phase.notices}
              length={phase.length}
              defaultAuthor={site.teamName}
              idPrefix={`${idPrefix}-review`}
            />
          )}
        </StepCard>
      )}
    </div>
  )
}
