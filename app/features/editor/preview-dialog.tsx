import { EyeIcon, MonitorIcon, Share2Icon, SmartphoneIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Tabs, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { PREVIEW_PATH, type PreviewInput } from '#common/contract/preview.ts'

/** The widths the preview is laid out at: the public page's media queries apply for real. */
export const PREVIEW_WIDTHS = { desktop: 1440, phone: 390 } as const
type Mode = keyof typeof PREVIEW_WIDTHS | 'share'

/**
 * Issue 32: Preview, next to the save buttons. Opens the post as its public page shows it, from
 * the form's unsaved values, in an iframe of a same-origin admin page; the values are posted to
 * it by a form, so the server renders it as it renders the public page. docs/decisions/053
 */
export function PreviewButton({ form, postId }: { form: EditorForm; postId?: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <EyeIcon aria-hidden="true" />
        Preview
      </Button>
      {open && <PreviewDialog form={form} postId={postId} onClose={() => setOpen(false)} />}
    </>
  )
}

function PreviewDialog({ form, postId, onClose }: { form: EditorForm; postId?: number; onClose: () => void }) {
  const frameName = `post-preview-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const [mode, setMode] = useState<Mode>('desktop')
  const view = mode === 'share' ? 'share' : 'page'
  const formRef = useRef<HTMLFormElement>(null)
  const [body] = useState(() => JSON.stringify(previewValues(form, postId)))

  // Posted once the iframe it targets is in the page, and again when the view changes.
  // A task later: a submission in the commit that inserts the iframe went nowhere in Chromium
  // (the frame's initial about:blank was still being set up).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's view field holds `view`
  useEffect(() => {
    const timer = setTimeout(() => formRef.current?.submit(), 0)
    return () => clearTimeout(timer)
  }, [view])

  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent
        className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-3 rounded-none border-0 p-3 sm:p-4"
        data-testid="preview-dialog"
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pr-10">
          <DialogTitle className="text-lg">Preview</DialogTitle>
          <DialogDescription className="max-sm:sr-only">
            Unsaved changes included; nothing is published.
          </DialogDescription>
          <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)} className="ml-auto max-sm:ml-0">
            <TabsList aria-label="Preview as">
              <TabsTrigger value="desktop">
                <MonitorIcon aria-hidden="true" />
                Desktop
              </TabsTrigger>
              <TabsTrigger value="phone">
                <SmartphoneIcon aria-hidden="true" />
                Phone
              </TabsTrigger>
              <TabsTrigger value="share">
                <Share2Icon aria-hidden="true" />
                Share
              </TabsTrigger>
            </TabsList>
          </Tabs>
        </div>
        <form ref={formRef} method="post" action={PREVIEW_PATH} target={frameName} encType="multipart/form-data" hidden>
          <input type="hidden" name="post" value={body} />
          <input type="hidden" name="view" value={view} />
        </form>
        <PreviewFrame name={frameName} mode={mode} />
      </DialogContent>
    </Dialog>
  )
}

/** The iframe, at the width of the device it stands for, scaled down to fit when that is wider. */
function PreviewFrame({ name, mode }: { name: string; mode: Mode }) {
  const boxRef = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: 0, height: 0 })
  useEffect(() => {
    const element = boxRef.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const width = mode === 'share' ? box.width : PREVIEW_WIDTHS[mode]
  const scale = box.width > 0 && width > box.width ? box.width / width : 1
  return (
    <div ref={boxRef} className="relative min-h-0 flex-1 overflow-hidden rounded-lg bg-slate-200">
      <iframe
        name={name}
        title="Post preview"
        data-testid="preview-frame"
        data-mode={mode}
        className="absolute top-0 left-1/2 origin-top border-0 bg-white shadow-md"
        style={{
          width,
          height: box.height / scale,
          transform: `translateX(-50%) scale(${scale})`,
        }}
      />
    </div>
  )
}

/** What the preview shows of the form: every field of the page, nothing saved. */
function previewValues(form: EditorForm, postId: number | undefined): PreviewInput {
  const v = form.getValues()
  return {
    id: postId,
    title: v.title,
    slug: v.slug,
    excerpt: v.excerpt,
    content: v.content,
    featuredImage: v.featuredImage,
    category: v.category,
    tags: v.tags,
    author: v.author,
    imageAlts: v.imageAlts,
  }
}
