import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#app/components/ui/dialog.tsx'
import { DemoFrame } from '#app/features/landing/demo-frame.tsx'

/** docs/product.md §2/§9: the demo modal covers 98% of the viewport and embeds the demo campaign page. */
export default function DemoModal({
  open,
  onOpenChange,
  returnFocus,
  demoUrl,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocus: React.RefObject<HTMLElement | null>
  demoUrl: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="demo-modal"
        // Radix would focus the first tabbable element, the frame, and Escape would go to the frame.
        onOpenAutoFocus={(e) => {
          e.preventDefault()
          ;(e.currentTarget as HTMLElement | null)?.focus()
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          if (returnFocus.current?.isConnected) returnFocus.current.focus()
        }}
        className="flex h-[98vh] w-[98vw] max-w-none flex-col gap-3 overflow-y-auto bg-slate-950 p-3 text-white sm:p-4 max-h-none"
      >
        <div className="pr-10">
          <DialogTitle className="text-base text-white sm:text-lg">VidQuest live demo</DialogTitle>
          <DialogDescription className="text-slate-300">
            Try a sample video quest: watch, claim a reward, and see where viewers go next.
          </DialogDescription>
        </div>
        <div className="flex flex-1 items-center">{open && <DemoFrame src={demoUrl} />}</div>
      </DialogContent>
    </Dialog>
  )
}
