import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#app/components/ui/dialog.tsx'
import { DemoFrame } from '#app/features/landing/demo-frame.tsx'
import { useSite } from '#app/lib/use-site.ts'

type OpenDemo = (returnFocusTo?: HTMLElement | null) => void

const DemoContext = createContext<OpenDemo>(() => {})

/** Must match DEMO_ESCAPE_MESSAGE of features/demo/messages.ts (features never import each other). */
const DEMO_ESCAPE_MESSAGE = 'vidquest:demo-escape'

/** Opens the demo modal from anywhere on the landing page (nav, hero, how-it-works modals). */
export function useOpenDemo() {
  return useContext(DemoContext)
}

/** SPEC §2/§9: the demo modal covers 98% of the viewport and embeds the demo campaign page. */
export function DemoModalProvider({ children }: { children: React.ReactNode }) {
  const site = useSite()
  const [open, setOpen] = useState(false)
  // Opened from several places and not through a Radix trigger, so focus is returned by hand.
  const returnFocus = useRef<HTMLElement | null>(null)
  const openDemo = useCallback<OpenDemo>((returnFocusTo) => {
    returnFocus.current =
      returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    setOpen(true)
  }, [])
  const value = useMemo(() => openDemo, [openDemo])

  // Escape pressed inside the embedded demo never reaches this document: the demo page forwards it.
  useEffect(() => {
    if (!open) return
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && e.data === DEMO_ESCAPE_MESSAGE) setOpen(false)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [open])
  return (
    <DemoContext.Provider value={value}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
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
          <div className="flex flex-1 items-center">{open && <DemoFrame src={site.demoUrl} />}</div>
        </DialogContent>
      </Dialog>
    </DemoContext.Provider>
  )
}
