import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlertIcon, LoaderCircleIcon, SaveIcon, SendIcon, TextCursorInputIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { type FieldPath, type Resolver, type UseFormReturn, useController, useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ChipListInput } from '#app/components/ui/chip-list-input.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { uniqueItems } from '#app/components/ui/list-rules.ts'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { applyContentEvent, emptyDraft, type StreamDraft } from '#app/features/ai/content-stream.ts'
import { FeaturedImagePanel } from '#app/features/ai/featured-image-panel.tsx'
import { asSentence, CREATE_FAILED, serverSentence } from '#app/features/ai/messages.ts'
import { type CreatePost, expandBlogContent, StreamFailure } from '#app/features/ai/queries.ts'
import { sectionLine } from '#app/features/ai/streaming-preview.tsx'
import { useFeaturedImage } from '#app/features/ai/use-featured-image.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import {
  AI_DEFAULTS,
  canExpand,
  countWords,
  type GeneratedContent,
  type Length,
  lengthNotice,
} from '#common/contract/ai.ts'
import { PostInput } from '#common/contract/posts.ts'
import { AUTHOR_MAX, CATEGORIES, SLUG_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from '#common/limits.ts'
import { categoryLabel, followedSlug, toSlug } from '#common/text-rules.ts'

export interface ReviewValues {
  title: string
  slug: string
  excerpt: string
  content: string
  category: string
  author: string
  tags: string[]
  featuredImage: string
}

const ReviewSchema = PostInput.pick({
  title: true,
  slug: true,
  excerpt: true,
  content: true,
  category: true,
  author: true,
  tags: true,
  featuredImage: true,
})
type ReviewOutput = ReturnType<typeof ReviewSchema.parse>
// The contract also takes null where the form holds ''; the cast narrows only the input side.
const reviewResolver = zodResolver(ReviewSchema) as unknown as Resolver<ReviewValues, unknown, ReviewOutput>

const FIELDS = new Set<string>(['title', 'slug', 'excerpt', 'content', 'category', 'author', 'tags', 'featuredImage'])

export function reviewValuesFrom(content: GeneratedContent, author: string): ReviewValues {
  return {
    title: content.title,
    slug: toSlug(content.title),
    excerpt: content.excerpt,
    content: content.content,
    category: content.category,
    author,
    tags: uniqueItems(content.tags, TAGS_MAX),
    featuredImage: '',
  }
}

/**
 * SPEC §2 step 4: review and edit the generated post (title, slug, excerpt, content, category,
 * author), make a featured image, then Cancel, Save as Draft or Publish Now (aiGenerated true).
 */
export function PostReviewForm({
  initial,
  notices: initialNotices = [],
  length = AI_DEFAULTS.length,
  defaultAuthor,
  createPost,
  idPrefix,
}: {
  initial: ReviewValues
  /** What the server said about the kept draft (issue 11 §6); the length notice is recomputed live. */
  notices?: string[]
  /** The length that was asked for: 'Expand' aims at its range. */
  length?: Length
  defaultAuthor: string
  createPost: CreatePost
  idPrefix: string
}) {
  const form = useForm<ReviewValues, unknown, ReviewOutput>({ resolver: reviewResolver, defaultValues: initial })
  const navigate = useNavigate()
  const image = useFeaturedImage()
  const [intent, setIntent] = useState<'draft' | 'publish' | null>(null)
  const inFlight = useRef(false)
  const errors = form.formState.errors
  const id = (name: string) => `${idPrefix}-${name}`
  const [title, slug, content, featuredImage] = useWatch({
    control: form.control,
    name: ['title', 'slug', 'content', 'featuredImage'],
  })
  const category = useController({ control: form.control, name: 'category' })
  const tags = useController({ control: form.control, name: 'tags' })
  const titleField = form.register('title')
  const expansion = useExpand(form, length)
  const otherNotices = (expansion.notices ?? initialNotices).filter((n) => !isLengthNotice(n))
  const words = countWords(content)
  const notices = [
    ...(expansion.running ? [] : [lengthNotice(words, length)].filter((n) => n !== null)),
    ...otherNotices,
  ]

  const save = (publish: boolean) => {
    // A ref, not state: two clicks in the same frame must not both get through.
    if (inFlight.current) return
    inFlight.current = true
    setIntent(publish ? 'publish' : 'draft')
    void form
      .handleSubmit(async (values) => {
        try {
          const answer = await createPost({ ...values, isPublished: publish, aiGenerated: true })
          toast({ title: 'Blog Post Created', description: answer.message })
          navigate('/admin/blog')
        } catch (error) {
          if (error instanceof ApiError) {
            for (const [path, message] of Object.entries(error.fields)) {
              const name = path.split('.')[0] ?? ''
              if (FIELDS.has(name)) form.setError(name as FieldPath<ReviewValues>, { type: 'server', message })
            }
          }
          const message = error instanceof ApiError ? error.serverMessage : null
          toast({ title: 'Error', description: message ?? CREATE_FAILED, variant: 'destructive' })
        }
      })()
      .finally(() => {
        inFlight.current = false
        setIntent(null)
      })
  }

  const generateImage = async () => {
    const url = await image.generate({ title: form.getValues('title'), excerpt: form.getValues('excerpt') })
    if (url) form.setValue('featuredImage', url, { shouldDirty: true })
  }

  const busy = intent !== null
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
          <FormField id={id('title')} label="Title" error={errors.title?.message}>
            {(control) => (
              <Input
                {...control}
                {...titleField}
                maxLength={TITLE_MAX}
                autoComplete="off"
                className="text-base font-medium md:text-base"
                onChange={(event) => {
                  const previous = form.getValues('title')
                  const result = titleField.onChange(event)
                  // The slug follows the title while it is empty or still the previous title's slug.
                  const next = followedSlug(form.getValues('slug'), previous, event.target.value)
                  if (next !== null) form.setValue('slug', next, { shouldDirty: true })
                  return result
                }}
              />
            )}
          </FormField>
          <FormField
            id={id('slug')}
            label="Slug"
            error={errors.slug?.message}
            hint={
              <>
                The address of the post: <span className="font-mono text-slate-700">/blog/{slug || 'your-slug'}</span>.
                A duplicate slug gets a number added (-1, -2).
              </>
            }
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('slug')}
                maxLength={SLUG_MAX}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
              />
            )}
          </FormField>
          <FormField
            id={id('excerpt')}
            label="Excerpt"
            error={errors.excerpt?.message}
            hint="Shown on the blog list and in link previews; the image is made from it and the title."
          >
            {(control) => <Textarea {...control} {...form.register('excerpt')} rows={3} className="min-h-20" />}
          </FormField>
          <FormField
            id={id('content')}
            label="Content (Markdown)"
            error={errors.content?.message}
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
            pending={image.pending}
            message={image.message}
            failure={image.failure}
            onGenerate={() => void generateImage()}
          />
          <FormField id={id('category')} label="Category" error={errors.category?.message}>
            {(control) => (
              <Select value={category.field.value || undefined} onValueChange={category.field.onChange}>
                <SelectTrigger {...control} ref={category.field.ref} onBlur={category.field.onBlur}>
                  <SelectValue placeholder="Choose a category" />
                </SelectTrigger>
                <SelectContent>
                  {CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {categoryLabel(c)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField
            id={id('author')}
            label="Author"
            error={errors.author?.message}
            hint={`Left empty, the post is signed ${defaultAuthor}.`}
          >
            {(control) => (
              <Input {...control} {...form.register('author')} maxLength={AUTHOR_MAX} placeholder={defaultAuthor} />
            )}
          </FormField>
          <ChipListInput
            id={id('tags')}
            label="Tags"
            itemName="tag"
            value={tags.field.value}
            onChange={tags.field.onChange}
            max={TAGS_MAX}
            maxLength={TAG_MAX}
            placeholder="Add a tag and press Enter"
            hint="Press Enter or + to add. Duplicates and blanks are ignored."
            error={errors.tags?.message}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <p className="mr-auto text-xs text-muted-foreground">Saved posts are marked as AI generated.</p>
        <Button type="button" variant="ghost" onClick={() => navigate('/admin/blog')}>
          Cancel
        </Button>
        <Button type="button" variant="outline" disabled={busy || expansion.running} onClick={() => save(false)}>
          {intent === 'draft' ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {intent === 'draft' ? 'Saving...' : 'Save as Draft'}
        </Button>
        <Button type="button" variant="gradient" disabled={busy || expansion.running} onClick={() => save(true)}>
          {intent === 'publish' ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {intent === 'publish' ? 'Publishing...' : 'Publish Now'}
        </Button>
      </div>
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
function useExpand(form: UseFormReturn<ReviewValues, unknown, ReviewOutput>, length: Length): Expansion {
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
