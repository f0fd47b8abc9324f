import { XIcon } from 'lucide-react'
import { MODAL_CLASS } from '#app/features/landing/detail-dialog.tsx'
import { useSite } from '#app/lib/use-site.ts'

/**
 * docs/product.md §2/§9: the demo modal covers 98% of the viewport and embeds the demo campaign
 * page. A native `<dialog>` rendered closed; every Demo button (`data-open-demo`) opens it, and the
 * landing page's plain DOM code makes its frame, says the demo is loading until it has, closes it
 * on Escape (also pressed inside the frame), Close or the backdrop, and focuses the opener again
 * (dialogs.ts).
 */
export function DemoModal() {
  const site = useSite()
  return (
    <dialog
      // biome-ignore lint/a11y/noRedundantRoles: said too, so `[role=dialog]` finds it as it found Radix's
      role="dialog"
      data-landing-modal=""
      data-testid="demo-modal"
      data-demo-url={site.demoUrl}
      tabIndex={-1}
      aria-labelledby="demo-modal-title"
      aria-describedby="demo-modal-description"
      className={`${MODAL_CLASS} h-[98vh] max-h-none w-[98vw] max-w-none flex-col gap-3 bg-slate-950 p-3 text-white outline-none open:flex sm:p-4`}
    >
      <div className="pr-10">
        <h2 id="demo-modal-title" className="text-base leading-tight font-semibold text-white sm:text-lg">
          VidQuest live demo
        </h2>
        <p id="demo-modal-description" className="text-sm text-slate-300">
          Try a sample video quest: watch, claim a reward, and see where viewers go next.
        </p>
      </div>
      <div data-demo-slot="" className="flex flex-1 items-center" />
      <p
        role="status"
        data-demo-loading=""
        hidden
        className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-lg bg-slate-950 px-5 py-4 text-sm font-medium text-white shadow-lg ring-1 ring-white/20"
      >
        <span className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-white/30 border-t-white motion-reduce:animate-none"
          />
          Loading the demo…
        </span>
      </p>
      <button
        type="button"
        data-dialog-close=""
        className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  )
}
