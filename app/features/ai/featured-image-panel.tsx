import { ImageIcon, ImagePlusIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { IMAGE_DURATION } from '#app/features/ai/messages.ts'
import type { FeaturedImage } from '#app/features/ai/use-featured-image.ts'

/** The generated featured image (or its empty frame) with Generate / Regenerate (docs/product.md §2 step 4). */
export function FeaturedImagePanel({
  url,
  title,
  image,
  onGenerate,
  headingId,
}: {
  url: string
  title: string
  /** Where the last Generate Image stands (useFeaturedImage). */
  image: Pick<FeaturedImage, 'pending' | 'message' | 'failure'>
  onGenerate: () => void
  headingId: string
}) {
  const { pending, message, failure } = image
  return (
    <div className="grid gap-3">
      <h3 id={headingId} className="text-sm font-medium text-slate-800">
        Featured image
      </h3>
      <div className="relative aspect-video overflow-hidden rounded-lg border bg-slate-100">
        {url ? (
          <img src={url} alt={title ? `Cover for "${title}"` : 'Generated cover'} className="size-full object-cover" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-violet-50 via-white to-pink-50 p-4 text-center text-sm text-slate-600">
            <ImageIcon className="size-8 text-violet-400" aria-hidden="true" />
            No featured image yet.
          </div>
        )}
        {pending && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/70 backdrop-blur-[1px]">
            <LoaderCircleIcon
              className="size-8 animate-spin text-violet-700 motion-reduce:animate-none"
              aria-hidden="true"
            />
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={onGenerate} disabled={pending}>
          <BusyIcon busy={pending} icon={url ? RefreshCwIcon : ImagePlusIcon} />
          {pending ? `Generating Image... (${IMAGE_DURATION})` : url ? 'Regenerate Image' : 'Generate Image'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {failure ?? message ?? 'Made from the title and excerpt; it takes 20-30 seconds.'}
      </p>
    </div>
  )
}
