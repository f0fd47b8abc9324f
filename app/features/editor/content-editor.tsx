import { ClipboardPasteIcon, EyeIcon, PenLineIcon } from 'lucide-react'
import { useRef } from 'react'
import { useController } from 'react-hook-form'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { MarkdownPreview } from '#app/features/editor/markdown-preview.tsx'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { type DataImage, hideDataImages, PASTE_TOAST_TITLE, processPaste, restoreDataImages } from '#common/paste.ts'

interface Sync {
  /** The real content (with data images) this display text stands for. */
  source: string
  display: string
  images: Map<number, DataImage>
  next: number
}

function syncFrom(content: string): Sync {
  const { text, images } = hideDataImages(content)
  return { source: content, display: text, images: new Map(images.map((i) => [i.index, i])), next: images.length + 1 }
}

/**
 * The markdown body: a textarea with the paste helper (docs/product.md §2) and a live preview, side by side
 * on wide screens and as Write / Preview tabs on narrow ones. Embedded data images show as
 * camera-marked placeholders and are put back on every change, so the saved content keeps them
 * byte for byte.
 */
export function ContentEditor({ form, id = 'content' }: { form: EditorForm; id?: string }) {
  const { field, fieldState } = useController({ control: form.control, name: 'content' })
  const sync = useRef<Sync | null>(null)
  // The form value can change from outside (reset, a restored draft): re-derive the display text.
  if (sync.current === null || sync.current.source !== field.value) sync.current = syncFrom(field.value)
  const display = sync.current.display

  const change = (text: string) => {
    const s = sync.current as Sync
    const content = restoreDataImages(text, s.images.values())
    s.source = content
    s.display = text
    field.onChange(content)
  }

  const onPaste = (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text/plain')
    const html = event.clipboardData.getData('text/html')
    const { title, slug, excerpt } = form.getValues()
    const result = processPaste({ text, html, current: { title, slug, excerpt } })
    if (!result) return
    event.preventDefault()
    const s = sync.current as Sync
    const hidden = hideDataImages(result.markdown, s.next)
    for (const image of hidden.images) s.images.set(image.index, image)
    s.next += hidden.images.length

    const textarea = event.currentTarget
    const start = textarea.selectionStart
    const end = textarea.selectionEnd
    const before = display.slice(0, start)
    const after = display.slice(end)
    const insert = `${before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''}${hidden.text}${
      after && !after.startsWith('\n') ? '\n\n' : ''
    }`
    // insertText keeps the browser's undo history; fall back to setting the value.
    textarea.focus()
    if (!document.execCommand?.('insertText', false, insert)) change(before + insert + after)

    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted }
    if (result.title !== undefined) form.setValue('title', result.title, options)
    if (result.slug !== undefined) form.setValue('slug', result.slug, options)
    if (result.excerpt !== undefined) form.setValue('excerpt', result.excerpt, options)
    toast({ title: PASTE_TOAST_TITLE, description: result.message })
  }

  const errorId = fieldState.error ? `${id}-error` : undefined
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Content <span className="text-xs font-normal text-muted-foreground">(Markdown)</span>
        </label>
        <p id={`${id}-hint`} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ClipboardPasteIcon className="size-3.5" aria-hidden="true" />
          Paste from a web page, Google Docs or Word: headings, emphasis, lists, links and images are kept.
        </p>
      </div>
      <Tabs defaultValue="write" className="gap-0">
        <TabsList className="mb-2 lg:hidden" aria-label="Content view">
          <TabsTrigger value="write">
            <PenLineIcon aria-hidden="true" />
            Write
          </TabsTrigger>
          <TabsTrigger value="preview">
            <EyeIcon aria-hidden="true" />
            Preview
          </TabsTrigger>
        </TabsList>
        <div className="grid gap-4 lg:grid-cols-2">
          <TabsContent
            value="write"
            forceMount
            className="mt-0 data-[state=inactive]:hidden lg:data-[state=inactive]:block"
          >
            <Textarea
              id={id}
              ref={field.ref}
              name={field.name}
              value={display}
              onChange={(e) => change(e.target.value)}
              onBlur={field.onBlur}
              onPaste={onPaste}
              spellCheck
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
              placeholder={'## A heading\n\nWrite your article in Markdown, or paste it from anywhere…'}
              className="h-[28rem] min-h-64 resize-y font-mono text-[13px] leading-6 md:text-[13px]"
            />
          </TabsContent>
          <TabsContent
            value="preview"
            forceMount
            className="mt-0 data-[state=inactive]:hidden lg:data-[state=inactive]:block"
          >
            <section
              aria-label="Preview"
              className={cn('h-[28rem] min-h-64 overflow-y-auto rounded-md border border-border bg-white px-5 py-4')}
            >
              <MarkdownPreview content={field.value} />
            </section>
          </TabsContent>
        </div>
      </Tabs>
      {fieldState.error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      )}
    </div>
  )
}
