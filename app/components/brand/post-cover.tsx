import { CoverImage } from '#app/components/brand/cover-image.tsx'
import { PostPlaceholder } from '#app/components/brand/post-placeholder.tsx'
import { cn } from '#app/lib/utils.ts'

/** The sizes a post's cover is drawn at: a grid card (lazy) and the featured card (first paint). */
const COVERS = {
  card: {
    width: 640,
    height: 360,
    loading: 'lazy',
    sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
  },
  featured: { width: 960, height: 540, fetchPriority: 'high', sizes: '(min-width: 1024px) 600px, 100vw' },
} as const

/**
 * A post's cover on a card: decorative (the card's title names the post), covering its box, and
 * the branded placeholder (in the post's category tone) when there is no image or it fails.
 */
export function PostCover({
  src,
  tone,
  size,
  label,
  className,
}: {
  src: string | null
  tone: string | null
  size: keyof typeof COVERS
  label?: string
  className?: string
}) {
  return (
    <CoverImage
      src={src}
      alt=""
      decoding="async"
      {...COVERS[size]}
      className={cn('size-full object-cover', className)}
      fallback={<PostPlaceholder label={label} tone={tone} />}
    />
  )
}
