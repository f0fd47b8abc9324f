import { CircleAlertIcon, LoaderCircleIcon, TextCursorInputIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { HeadlineFields, MetadataFields } from '#app/components/post-form/post-fields.tsx'
import { type EditorForm, type EditorValues, emptyValues, usePostForm } from '#app/components/post-form/post-form.ts'
import { DraftAndPublishButtons } from '#app/components/post-form/save-button.tsx'
import { useSavePost } from '#app/components/post-form/use-save-post.ts'
import { ScheduleButton, useScheduleNewPost } from '#app/components/schedule/schedule-new-post.tsx'
import { PostSeoAssistant } from '#app/components/seo-assistant/seo-assistant.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { uniqueItems } from '#app/components/ui/list-rules.ts'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { applyContentEvent, emptyDraft, type StreamDraft } from '#app/features/ai/content-stream.ts'
import { FeaturedImagePanel } from '#app/features/ai/featured-image-panel.tsx'
import { asSentence, serverSentence } from '#app/features/ai/messages.ts'
import { expandBlogContent, StreamFailure } from '#app/features/ai/queries.ts'
import { sectionLine } from '#app/features/ai/streaming-preview.tsx'
import { useFeaturedImage } from '#app/features/ai/use-featured-image.ts'
import {
  AI_DEFAULTS,
  canExpand,
  countWords,
  type GeneratedContent,
  type Length,
  lengthNotice,
} from '#common/contract/ai.ts'
import { TAGS_MAX } from '#common/limits.ts'
import { toSlug } from '#common/text-rules.ts'

export function reviewValuesFrom(content: GeneratedContent, author: string): EditorValues {
  return {
    ...emptyValues(author),
    title: content.title,
    slug: toSlug(content.title),
    excerpt: content.excerpt,
    content: content.content,
    category: content.category,
    tags: uniqueItems(content.tags, TAGS_MAX),
  }
}

/**
 * docs/product.md §2 step 4: review and edit the generated post (title, slug, excerpt, content, category,
 * author), make a featured image, then Cancel, Save as Draft, Schedule (issue 27 §12, the manual
 * tab's control) or Publish Now (aiGenerated true).
 */
export function PostReviewForm({
  initial,
  notices: initialNotices = [],
  length = AI_DEFAULTS.length,
  defaultAuthor,
  idPrefix,
}: {
  initial: EditorValues
  /** What the server said about the kept draft (issue 11 §6); the length notice is recomputed live. */
  notices?: string[]
  /** The length that was asked for: 'Expand' aims at its range. */
  length?: Length
  defaultAuthor: string
  idPrefix: string
}) {
  const form = usePostForm(initial)
  const navigate = useNavigate()
  const image = useFeaturedImage()
  const { submit, intent, busy } = useSavePost('create')
  const schedule = useScheduleNewPost(form, { aiGenerated: true })
  const id = (name: string) => `${idPrefix}-${name}`
  const [title, content, featuredImage] = useWatch({
    control: form.control,
    name: ['title', 'content', 'featuredImage'],
  })
  const expansion = useExpand(form, length)
  const otherNotices = (expansion.notices ?? initialNotices).filter((n) => !isLengthNotice(n))
  const words = countWords(content)
  const notices = [
    ...(expansion.running ? [] : [lengthNotice(words, length)].filter((n) => n !== null)),
    ...otherNotices,
  ]

  const save = (publish: boolean) =>
    submit(publish ? 'publish' : 'draft', {
      form,
      input: (values) => ({ ...values, isPublished: publish, aiGenerated: true }),
    })

  const generateImage = async () => {
    const url = await image.generate({ title: form.getValues('title'), excerpt: form.getValues('excerpt') })
    if (url) form.setValue('featuredImage', url, { shouldDirty: true })
  }

  return (
    <form
      noValidate
      aria-label="Review the generated post"
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault()
        save(false)
      }}
    >
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <div className="grid gap-5 xl:col-span-2">
          {(notices.length > 0 || expansion.running || expansion.error) && (
            <DraftNotes
              headingId={id('notes-heading')}
              notices={notices}
              expandable={canExpand(words, length)}
              expansion={expansion}
            />
          )}
          <HeadlineFields
            form={form}
            idPrefix={idPrefix}
            excerptHint="Shown on the blog list and in link previews; the image is made from it and the title."
          />
          <FormField
            id={id('content')}
            label="Content (Markdown)"
            error={form.formState.errors.content?.message}
            hint={`${words} words. Markdown: ## for sections, ### for sub-sections and FAQ questions.`}
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register('content')}
                // Expand writes here as it goes; edits would be overwritten, so it waits.
                readOnly={expansion.running}
                aria-busy={expansion.running}
                rows={20}
                spellCheck
                className="min-h-96 font-mono text-sm leading-relaxed md:text-sm"
              />
            )}
          </FormField>
        </div>
        <div className="grid gap-5">
          <FeaturedImagePanel
            headingId={id('image-heading')}
            url={featuredImage}
            title={title}
            image={image}
            onGenerate={() => void generateImage()}
          />
          <MetadataFields form={form} idPrefix={idPrefix} defaultAuthor={defaultAuthor} />
          <PostSeoAssistant form={form} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <p className="mr-auto text-xs text-muted-foreground">Saved posts are marked as AI generated.</p>
        <Button type="button" variant="ghost" onClick={() => navigate('/admin/blog')}>
          Cancel
        </Button>
        <DraftAndPublishButtons
          intent={intent}
          disabled={busy || schedule.busy || expansion.running}
          onSave={save}
          beforePublish={
            <ScheduleButton disabled={busy || schedule.busy || expansion.running} onClick={schedule.openDialog} />
          }
        />
      </div>
      {schedule.dialog}
    </form>
  )
}

const isLengthNotice = (notice: string) => /^[\d,]+ words; you asked for /.test(notice)

interface Expansion {
  running: boolean
  section: StreamDraft['section']
  /** The server's notices after an Expand (null before the first). */
  notices: string[] | null
  error: string | null
  announcement: string
  start: () => void
}

/**
 * 'Expand' (issue 11 §6): the draft in the form is lengthened section by section, written into the
 * content field as it streams. A failure puts the text back exactly as it was.
 */
function useExpand(form: EditorForm, length: Length): Expansion {
  const [running, setRunning] = useState(false)
  const [section, setSection] = useState<StreamDraft['section']>(null)
  const [notices, setNotices] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  const start = () => {
    if (abort.current && !abort.current.signal.aborted && running) return
    const before = form.getValues('content')
    const controller = new AbortController()
    abort.current = controller
    setRunning(true)
    setError(null)
    setSection(null)
    setAnnouncement('Expanding the post…')
    let draft = emptyDraft
    void expandBlogContent(
      { title: form.getValues('title').trim() || 'Untitled post', content: before, length },
      (event) => {
        draft = applyContentEvent(draft, event)
        setSection(draft.section)
        if (event.type === 'delta' || event.type === 'section') form.setValue('content', draft.content)
      },
      controller.signal,
    )
      .then((result) => {
        form.setValue('content', result.content, { shouldDirty: true })
        setNotices(result.notices)
        setAnnouncement(`Expanded: ${countWords(result.content).toLocaleString('en-US')} words.`)
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return
        form.setValue('content', before)
        const reason =
          failure instanceof StreamFailure
            ? failure.message
            : (serverSentence(failure) ?? (failure instanceof Error ? failure.message : String(failure)))
        setError(`${asSentence(reason)} The post is as it was.`)
        setAnnouncement('')
      })
      .finally(() => {
        if (abort.current === controller) abort.current = null
        setRunning(false)
        setSection(null)
      })
  }
  return { running, section, notices, error, announcement, start }
}

/** What the writer should know about the kept draft, with 'Expand' when it is shorter than asked. */
function DraftNotes({
  headingId,
  notices,
  expandable,
  expansion,
}: {
  headingId: string
  notices: string[]
  expandable: boolean
  expansion: Expansion
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h4 id={headingId} className="font-semibold">
        Check before saving
      </h4>
      {notices.length > 0 && (
        <ul className="grid list-disc gap-1 pl-5">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {expansion.error && (
        <p role="alert" className="flex items-start gap-2 text-red-800">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{expansion.error}</span>
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {expansion.section ? `${sectionLine('Expanding', expansion.section)}.` : expansion.announcement}
      </p>
      {(expandable || expansion.running) && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" size="sm" disabled={expansion.running} onClick={expansion.start}>
            {expansion.running ? (
              <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <TextCursorInputIcon aria-hidden="true" />
            )}
            {expansion.running ? 'Expanding…' : 'Expand'}
          </Button>
          <span className="min-w-0 text-amber-900" aria-hidden="true">
            {expansion.section
              ? sectionLine('Expanding', expansion.section)
              : expansion.running
                ? 'Starting…'
                : 'Lengthens the sections to reach the length you asked for; nothing you have is removed.'}
          </span>
        </div>
      )}
    </section>
  )
}
