import { cn } from '#app/lib/utils.ts'

/**
 * docs/product.md §9: the demo frame is 16:9, at least 640 px tall and at most 1200 px wide. The address
 * is the site config's demoUrl (our own /demo by default).
 */
export function DemoFrame({ src, className }: { src: string; className?: string }) {
  return (
    <div
      data-testid="demo-frame"
      className={cn(
        'mx-auto aspect-video min-h-[640px] w-full max-w-[1200px] overflow-hidden rounded-xl bg-slate-900',
        className,
      )}
    >
      <iframe src={src} title="VidQuest demo campaign" className="size-full border-0" allow="autoplay; fullscreen" />
    </div>
  )
}
