import { ClipboardPasteIcon, EyeIcon, FileCodeIcon, PenLineIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useController } from 'react-hook-form'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { MarkdownPreview } from '#app/features/editor/markdown-preview.tsx'
import { altFromName, withoutHandlers } from '#app/features/editor/rich/blocks.ts'
import { readAsDataUrl, uploadImage } from '#app/features/editor/upload-image.ts'
import { useImageActions } from '#app/features/editor/use-image-actions.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { imageTooLarge, notAnImage } from '#common/contract/images.ts'
import { IMAGES_MAX, isImageTooLarge } from '#common/limits.ts'
import {
  type DataImage,
  hideDataImages,
  htmlToMarkdown,
  isRichHtml,
  PASTE_TOAST_TITLE,
  type PasteResult,
  processPaste,
  restoreDataImages,
} from '#common/paste.ts'

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

// The editing framework (~250 KB gzipped) loads after the screen: the session check, the form and
// the Markdown mode do not wait for it, and no other screen carries it (docs/decisions/051).
const RichEditor = lazy(() =>
  import('#app/features/editor/rich/rich-editor.tsx').then((m) => ({ default: m.RichEditor })),
)

type Mode = 'rich' | 'markdown'
/** The writer's last choice on this device. */
export const EDITOR_MODE_KEY = 'vq-editor-mode'

function applyPasteFields(form: EditorForm, result: PasteResult) {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted }
  if (result.title !== undefined) form.setValue('title', result.title, options)
  if (result.slug !== undefined) form.setValue('slug', result.slug, options)
  if (result.excerpt !== undefined) form.setValue('excerpt', result.excerpt, options)
  toast({ title: PASTE_TOAST_TITLE, description: result.message })
}

/**
 * The post body (issue 32): the rich editor by default, or the Markdown textarea with its live
 * preview ('Markdown' toggle, remembered on this device). Both edit the same Markdown string, the
 * form's `content`, so switching loses nothing and the rest of the site sees Markdown as before.
 */
export function ContentEditor({ form, id = 'content' }: { form: EditorForm; id?: string }) {
  const [mode, setMode] = useState<Mode>('rich')
  useEffect(() => {
    if (localStorage.getItem(EDITOR_MODE_KEY) === 'markdown') setMode('markdown')
  }, [])
  const toggle = () => {
    const next = mode === 'rich' ? 'markdown' : 'rich'
    setMode(next)
    try {
      localStorage.setItem(EDITOR_MODE_KEY, next)
    } catch {}
  }
  return mode === 'rich' ? (
    <RichContent form={form} id={id} onToggle={toggle} />
  ) : (
    <MarkdownContent form={form} id={id} onToggle={toggle} />
  )
}

function ModeToggle({ markdown, onToggle }: { markdown: boolean; onToggle: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" aria-pressed={markdown} onClick={onToggle}>
      <FileCodeIcon aria-hidden="true" />
      Markdown
    </Button>
  )
}

function RichContent({ form, id, onToggle }: { form: EditorForm; id: string; onToggle: () => void }) {
  const { field, fieldState } = useController({ control: form.control, name: 'content' })
  const imageActions = useImageActions(form)

  const convertPaste = ({ text, html }: { text: string; html: string }) => {
    // The editor's own copy keeps its structure as ProseMirror wrote it.
    if (html.includes('data-pm-slice')) return null
    const { title, slug, excerpt } = form.getValues()
    const result = processPaste({ text, html, current: { title, slug, excerpt } })
    if (result) {
      applyPasteFields(form, result)
      return result.markdown
    }
    // Short HTML goes through the same converter, so no markup of the source reaches the editor.
    if (html.trim() !== '' && isRichHtml(html)) return htmlToMarkdown(html).markdown
    return null
  }

  const uploadImages = (files: File[], insert: (src: string, alt: string) => void) => {
    for (const file of files) {
      if (!file.type.startsWith('image/')) {
        toast({ title: 'Image not added', description: notAnImage(file.name), variant: 'destructive' })
        continue
      }
      if (isImageTooLarge(file.size)) {
        toast({ title: 'Image not added', description: imageTooLarge(file.name), variant: 'destructive' })
        continue
      }
      void (async () => {
        try {
          const result = await uploadImage({ imageData: await readAsDataUrl(file), fileName: file.name })
          if (!result.ok) throw new Error(result.error ?? 'Unknown error')
          insert(result.imageUrl, altFromName(file.name))
          // The post's own image list (featured image, gallery) takes it while there is room.
          if (form.getValues('images').length < IMAGES_MAX) imageActions.onAdd(result.imageUrl)
        } catch (error) {
          toast({
            title: 'Image not added',
            description: `Upload failed for ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
            variant: 'destructive',
          })
        }
      })()
    }
  }

  const errorId = fieldState.error ? `${id}-error` : undefined
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800" id={`${id}-label`}>
          Content
        </span>
        <ModeToggle markdown={false} onToggle={onToggle} />
      </div>
      <p id={`${id}-hint`} className="sr-only">
        Rich text editor. Type '/' for blocks, Markdown shortcuts work as you type; press Control or Command and slash
        for the list of shortcuts.
      </p>
      <Suspense fallback={<p className="min-h-[22rem] px-3 pt-6 text-sm text-muted-foreground">Loading the editor…</p>}>
        <RichEditor
          id={id}
          value={field.value}
          onChange={(markdown) => field.onChange(markdown)}
          onBlur={field.onBlur}
          convertPaste={convertPaste}
          uploadImages={uploadImages}
          describedBy={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
          invalid={!!fieldState.error}
        />
      </Suspense>
      {fieldState.error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      )}
    </div>
  )
}

/**
 * The markdown body: a textarea with the paste helper (docs/product.md §2) and a live preview, side by side
 * on wide screens and as Write / Preview tabs on narrow ones. Embedded data images show as
 * camera-marked placeholders and are put back on every change, so the saved content keeps them
 * byte for byte.
 */
function MarkdownContent({ form, id, onToggle }: { form: EditorForm; id: string; onToggle: () => void }) {
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
    const html = withoutHandlers(event.clipboardData.getData('text/html'))
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

    applyPasteFields(form, result)
  }

  const errorId = fieldState.error ? `${id}-error` : undefined
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Content <span className="text-xs font-normal text-muted-foreground">(Markdown)</span>
        </label>
        <ModeToggle markdown onToggle={onToggle} />
      </div>
      <p id={`${id}-hint`} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <ClipboardPasteIcon className="size-3.5" aria-hidden="true" />
        Paste from a web page, Google Docs or Word: headings, emphasis, lists, links and images are kept.
      </p>
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
