import { useQuery } from '@tanstack/react-query'
import { EyeIcon, MonitorIcon, SmartphoneIcon } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { LoadFailure } from '#app/components/ui/load-failure.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { newsletterPreviewOptions } from '#app/lib/newsletter-queries.ts'

const WIDTHS = { desktop: 600, phone: 375 } as const
type Width = keyof typeof WIDTHS
/** The frame's height in CSS px, before it is scaled to fit. */
const FRAME_HEIGHT = 560

/**
 * The email laid out at `width` px, scaled down when the dialog is narrower (a phone's own screen):
 * the reader's layout at its real width, smaller, instead of a frame that scrolls sideways.
 */
function ScaledFrame({ width, html, title }: { width: number; html: string; title: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState<number | null>(null)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const measure = () => setRoom(el.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  const scale = room === null ? 1 : Math.min(1, room / width)
  return (
    <div ref={box} className="grid min-w-0 gap-1 overflow-hidden">
      <div className="mx-auto overflow-hidden" style={{ width: width * scale, height: FRAME_HEIGHT * scale }}>
        <iframe
          title={title}
          sandbox=""
          srcDoc={html}
          style={{ width, height: FRAME_HEIGHT, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          className="block max-w-none rounded bg-white"
        />
      </div>
      {scale < 1 && (
        <p className="text-center text-xs text-muted-foreground">
          Shown at {Math.floor(scale * 100)}% to fit this screen
        </p>
      )}
    </div>
  )
}

/**
 * Issue 30: the email as subscribers would get it. The HTML sits in an iframe with an empty
 * `sandbox` (no scripts, no same origin: the email cannot reach the admin's session), at a desktop
 * mail client's 600 px or a phone's 375 px; the text part below it.
 */
export function NewsletterPreviewButton({ postId }: { postId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <EyeIcon aria-hidden="true" />
          Preview email
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-[680px]">
        <DialogHeading
          title="Newsletter preview"
          description="The email as your subscribers get it, with your last saved text."
        />
        {open && <PreviewBody postId={postId} />}
      </DialogContent>
    </Dialog>
  )
}

function PreviewBody({ postId }: { postId: number }) {
  const preview = useQuery(newsletterPreviewOptions(postId))
  const [width, setWidth] = useState<Width>('desktop')
  if (preview.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the preview…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    )
  if (preview.isError)
    return (
      <LoadFailure query={preview} className="py-8">
        The preview could not be made.
      </LoadFailure>
    )
  const { subject, preheader, html, text } = preview.data
  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid gap-1 text-sm">
        <div className="flex min-w-0 gap-2">
          <dt className="shrink-0 font-medium text-slate-800">Subject</dt>
          <dd className="min-w-0 break-words text-slate-700">{subject}</dd>
        </div>
        {preheader && (
          <div className="flex min-w-0 gap-2">
            <dt className="shrink-0 font-medium text-slate-800">Preheader</dt>
            <dd className="min-w-0 break-words text-muted-foreground">{preheader}</dd>
          </div>
        )}
      </dl>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Width</legend>
        {(
          [
            ['desktop', 'Desktop', MonitorIcon],
            ['phone', 'Phone', SmartphoneIcon],
          ] as const
        ).map(([key, label, Icon]) => (
          <Button
            key={key}
            type="button"
            size="sm"
            variant={width === key ? 'default' : 'outline'}
            aria-pressed={width === key}
            onClick={() => setWidth(key)}
          >
            <Icon aria-hidden="true" />
            {label}
            <span className="text-xs opacity-80">{WIDTHS[key]} px</span>
          </Button>
        ))}
      </fieldset>
      <section
        aria-label={`Email at ${WIDTHS[width]} px`}
        className="min-w-0 overflow-hidden rounded-lg border bg-slate-100 p-2"
      >
        <ScaledFrame width={WIDTHS[width]} html={html} title={`Email preview, ${width} width`} />
      </section>
      <details className="rounded-lg border px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Text part</summary>
        <section
          aria-label="Text part of the email"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="mt-2 max-h-64 overflow-auto focus-visible:outline-2 focus-visible:outline-ring"
        >
          <pre className="text-xs break-words whitespace-pre-wrap text-slate-700">{text}</pre>
        </section>
      </details>
    </div>
  )
}
