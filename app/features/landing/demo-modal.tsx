import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useEscapeWhileLoading } from '#app/features/landing/detail-dialog.tsx'
import { useSite } from '#app/lib/use-site.ts'

// The modal (Radix Dialog) is fetched with the first opening, not with the landing page (decision 037).
const DemoModal = lazy(() => import('#app/features/landing/demo-modal-content.tsx'))

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
  const [mounted, setMounted] = useState(false)
  // Opened from several places and not through a Radix trigger, so focus is returned by hand.
  const returnFocus = useRef<HTMLElement | null>(null)
  const openDemo = useCallback<OpenDemo>((returnFocusTo) => {
    returnFocus.current =
      returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    setMounted(true)
    setOpen(true)
  }, [])
  const value = useMemo(() => openDemo, [openDemo])
  useEscapeWhileLoading(open, setOpen)

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
      {mounted && (
        <Suspense fallback={null}>
          <DemoModal open={open} onOpenChange={setOpen} returnFocus={returnFocus} demoUrl={site.demoUrl} />
        </Suspense>
      )}
    </DemoContext.Provider>
  )
}
