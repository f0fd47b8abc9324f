import { HydrateApart } from '#app/components/brand/hydrate-apart.tsx'
import { SiteFooter } from '#app/components/brand/site-footer.tsx'
import { SiteHeader } from '#app/components/brand/site-header.tsx'
import { cn } from '#app/lib/utils.ts'

/**
 * The frame of every public page: skip link, the one header, the page, the one footer. The page
 * grows to fill the viewport, so a short page keeps its footer at the bottom with nothing under it.
 */
export function SiteLayout({
  children,
  landing = false,
  mainId = 'main',
  className,
}: {
  children: React.ReactNode
  /** The landing page: its header's entries scroll and open the demo (see SiteHeader). */
  landing?: boolean
  mainId?: string
  /** Classes of the `<main>` element. */
  className?: string
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainId}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Header and footer are hydrated after the page, each on its own, not in one long task.
          The page stays in the root's commit: its effects run before the root's (a post's view
          beacon is its visit, use-visit-beacon.ts). */}
      <HydrateApart>
        <SiteHeader landing={landing} />
      </HydrateApart>
      <main id={mainId} className={cn('flex-1', className)}>
        {children}
      </main>
      <HydrateApart>
        <SiteFooter />
      </HydrateApart>
    </div>
  )
}
