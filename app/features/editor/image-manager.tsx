import { CopyIcon, ImageIcon, ImageUpIcon, StarIcon, Trash2Icon, UploadIcon, XIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inPickOrder, processImageFiles } from '#app/features/editor/image-files.ts'
import { readAsDataUrl, uploadImage } from '#app/features/editor/upload-image.ts'
import { copyToClipboard } from '#app/lib/clipboard.ts'
import { toast } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'
import { IMAGES_MAX } from '#common/limits.ts'

interface Upload {
  id: number
  name: string
  phase: 'reading' | 'uploading' | 'processing'
  /** 0–1 within the phase. */
  progress: number
}

/** Our own uploads have a ?w= WebP variant: a 320 px thumbnail instead of the full picture. */
const thumbnail = (url: string) => (/^\/images\/[0-9a-f]{64}\.\w+$/.test(url) ? `${url}?w=320` : url)

/** 'summer-launch_banner.png' → 'summer launch banner' */
const altFromName = (name: string) =>
  name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()

function overall(u: Upload): number {
  if (u.phase === 'reading') return Math.round(u.progress * 10)
  if (u.phase === 'uploading') return 10 + Math.round(u.progress * 80)
  return 95
}

function phaseLabel(u: Upload): string {
  if (u.phase === 'reading') return 'Reading…'
  if (u.phase === 'uploading') return `Uploading ${overall(u)}%`
  return 'Processing…'
}

/**
 * docs/product.md §2 image manager: drop or browse images (max 5, each under 5 MB), upload them in parallel
 * with visible progress, then per image: make it the featured image, copy a markdown reference,
 * or remove it. The list lives in the post's `images`, the featured one in `featuredImage`.
 */
export function ImageManager({
  images,
  featuredImage,
  onAdd,
  onRemove,
  onSetFeatured,
}: {
  images: string[]
  featuredImage: string
  /** Called once per finished upload with the stored image's URL. */
  onAdd: (url: string) => void
  onRemove: (url: string) => void
  onSetFeatured: (url: string) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const nextId = useRef(1)
  const names = useRef(new Map<string, string>())
  const [uploads, setUploads] = useState<Upload[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const dragDepth = useRef(0)

  const report = (messages: string[]) => {
    if (messages.length === 0) return
    setProblems((p) => [...p, ...messages])
    toast({
      title: messages.length === 1 ? 'Image not added' : `${messages.length} images not added`,
      description: messages.join(' · '),
      variant: 'destructive',
    })
  }

  const update = (id: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)))

  const uploadOne = async (file: File, deliver: (url: string | null) => void) => {
    const id = nextId.current++
    setUploads((list) => [...list, { id, name: file.name, phase: 'reading', progress: 0 }])
    try {
      let dataUrl: string
      try {
        dataUrl = await readAsDataUrl(file, (p) => update(id, { phase: 'reading', progress: p }))
      } catch {
        report([`Failed to read file: ${file.name}`])
        return
      }
      try {
        update(id, { phase: 'uploading', progress: 0 })
        const result = await uploadImage({ imageData: dataUrl, fileName: file.name }, (p) =>
          update(id, p >= 1 ? { phase: 'processing', progress: 1 } : { phase: 'uploading', progress: p }),
        )
        if (result.ok) {
          names.current.set(result.imageUrl, file.name)
          deliver(result.imageUrl)
        } else {
          report([`Upload failed for ${file.name}: ${result.error ?? 'Unknown error'}`])
        }
      } catch (error) {
        report([`Failed to upload ${file.name}: ${error instanceof Error ? error.message : String(error)}`])
      }
    } finally {
      // Anything but a stored image leaves its place in the batch empty.
      deliver(null)
      setUploads((list) => list.filter((u) => u.id !== id))
    }
  }

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return
    setProblems([])
    const slot = inPickOrder(onAdd)
    await processImageFiles(
      files,
      IMAGES_MAX - images.length - uploads.length,
      (file) => uploadOne(file, slot()),
      report,
    )
  }

  const copy = async (url: string, label: string) => {
    const alt = altFromName(names.current.get(url) ?? '') || label
    const markdown = `![${alt}](${url})`
    if (await copyToClipboard(markdown)) {
      toast({
        title: 'Copied',
        description: `${markdown.length > 80 ? 'Markdown image reference' : markdown} copied to the clipboard.`,
      })
    } else {
      toast({ title: 'Copy failed', description: `Copy this by hand: ${markdown}`, variant: 'destructive' })
    }
  }

  const full = images.length >= IMAGES_MAX
  return (
    <div className="grid gap-4">
      <section
        aria-label="Image upload"
        onDragEnter={(e) => {
          e.preventDefault()
          dragDepth.current++
          setDragging(true)
        }}
        onDragOver={(e) => {
          e.preventDefault()
          e.dataTransfer.dropEffect = 'copy'
        }}
        onDragLeave={() => {
          dragDepth.current = Math.max(0, dragDepth.current - 1)
          if (dragDepth.current === 0) setDragging(false)
        }}
        onDrop={(e) => {
          e.preventDefault()
          dragDepth.current = 0
          setDragging(false)
          void addFiles(Array.from(e.dataTransfer.files))
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50/60',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-violet-100 text-violet-700">
          <ImageUpIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <p className="text-sm font-medium text-slate-800">Drag and drop images here</p>
          <p className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, GIF or AVIF · up to {IMAGES_MAX} images · each under 5 MB
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <UploadIcon aria-hidden="true" />
          Browse Files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept="image/*"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? [])
            e.currentTarget.value = ''
            void addFiles(files)
          }}
        />
      </section>

      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {images.length}/{IMAGES_MAX} images
        </p>
        {full && <p className="text-xs text-muted-foreground">Remove an image to add another.</p>}
      </div>

      {problems.length > 0 && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <ul className="grid flex-1 gap-1">
            {problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat; the list is only appended to.
              <li key={i}>{p}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setProblems([])}
            className="rounded p-0.5 text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Dismiss upload messages"
          >
            <XIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}

      {(images.length > 0 || uploads.length > 0) && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-label="Post images">
          {images.map((url, i) => {
            const label = `image ${i + 1}`
            const featured = url === featuredImage
            const name = names.current.get(url)
            return (
              <li
                key={url}
                className={cn(
                  'group relative overflow-hidden rounded-lg border bg-white shadow-sm',
                  featured && 'ring-2 ring-violet-600 ring-offset-1',
                )}
              >
                <ImageTile url={url} alt={name ? altFromName(name) : `Post ${label}`} />
                {featured && (
                  <Badge className="absolute top-2 left-2 shadow-sm">
                    <StarIcon aria-hidden="true" className="fill-current" />
                    Featured
                  </Badge>
                )}
                <div className="flex items-center justify-between gap-1 border-t bg-white px-1.5 py-1">
                  <TileButton
                    className={cn(featured && 'text-violet-700 disabled:opacity-100 [&_svg]:fill-violet-600')}
                    disabled={featured}
                    onClick={() => {
                      onSetFeatured(url)
                      toast({
                        title: 'Featured Image Updated',
                        description: `Image ${i + 1} is now the featured image.`,
                      })
                    }}
                    aria-label={`Set ${label} as featured`}
                    title={featured ? 'This is the featured image' : 'Set as featured'}
                  >
                    <StarIcon aria-hidden="true" />
                  </TileButton>
                  <TileButton
                    onClick={() => void copy(url, `Image ${i + 1}`)}
                    aria-label={`Copy markdown for ${label}`}
                    title="Copy markdown"
                  >
                    <CopyIcon aria-hidden="true" />
                  </TileButton>
                  <TileButton
                    className="text-destructive hover:bg-red-50"
                    onClick={() => {
                      onRemove(url)
                      toast({ title: 'Image Removed', description: `Image ${i + 1} was removed from this post.` })
                    }}
                    aria-label={`Remove ${label}`}
                    title="Remove"
                  >
                    <Trash2Icon aria-hidden="true" />
                  </TileButton>
                </div>
              </li>
            )
          })}
          {uploads.map((u) => (
            <li key={`upload-${u.id}`} className="overflow-hidden rounded-lg border border-dashed bg-white">
              <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-slate-50 px-3">
                <ImageIcon
                  className="size-6 animate-pulse text-violet-400 motion-reduce:animate-none"
                  aria-hidden="true"
                />
                <p className="w-full truncate text-center text-xs font-medium text-slate-700" title={u.name}>
                  {u.name}
                </p>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={overall(u)}
                  className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-violet-600 transition-[width] motion-reduce:transition-none"
                    style={{ width: `${overall(u)}%` }}
                  />
                </div>
              </div>
              <p className="border-t px-2 py-2 text-center text-xs text-muted-foreground">{phaseLabel(u)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function ImageTile({ url, alt }: { url: string; alt: string }) {
  const [broken, setBroken] = useState(false)
  if (broken) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-violet-100 to-pink-100">
        <ImageIcon className="size-6 text-violet-500" aria-hidden="true" />
        <span className="sr-only">{alt} (could not be loaded)</span>
      </div>
    )
  }
  return (
    <img
      src={thumbnail(url)}
      alt={alt}
      width={320}
      height={240}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
    />
  )
}

/** The small icon buttons under an image: Set as featured, Copy markdown, Remove. */
function TileButton({ className, ...props }: React.ComponentProps<typeof Button>) {
  return <Button type="button" variant="ghost" size="icon" className={cn('size-8', className)} {...props} />
}
