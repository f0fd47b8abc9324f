import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useEscapeWhileLoading } from '#app/features/landing/detail-dialog.tsx'
import { useSite } from '#app/lib/use-site.ts'

// The modal (Radix Dialog) is not fetched with the landing page (decision 037), but as soon as a
// pointer reaches a Demo button, it is focused or pressed, so it is mostly there by the click.
const loadDemoModal = () => import('#app/features/landing/demo-modal-content.tsx')
const DemoModal = lazy(loadDemoModal)

type OpenDemo = (returnFocusTo?: HTMLElement | null) => void

const DemoContext = createContext<{ open: OpenDemo; preload: () => void }>({ open: () => {}, preload: () => {} })

/** Must match DEMO_ESCAPE_MESSAGE of features/demo/messages.ts (features never import each other). */
const DEMO_ESCAPE_MESSAGE = 'vidquest:demo-escape'

/** Opens the demo modal from anywhere on the landing page (nav, hero, how-it-works modals). */
export function useOpenDemo() {
  return useContext(DemoContext).open
}

/**
 * Issue 27 §14: what a Demo button does before its click: the modal's code is fetched when the
 * pointer reaches it, when it is focused and when it is pressed (a touch has no hover).
 */
export function useDemoIntent() {
  const { preload } = useContext(DemoContext)
  return { onPointerEnter: preload, onFocus: preload, onPointerDown: preload }
}

/** Fetches the modal's code ahead, e.g. when a card whose action is Demo opens. */
export function usePreloadDemo() {
  return useContext(DemoContext).preload
}

const preloadDemoModal = () => {
  void loadDemoModal()
}

/** docs/product.md §2/§9: the demo modal covers 98% of the viewport and embeds the demo campaign page. */
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
  const value = useMemo(() => ({ open: openDemo, preload: preloadDemoModal }), [openDemo])
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
        <Suspense fallback={open ? <DemoLoading /> : null}>
          <DemoModal open={open} onOpenChange={setOpen} returnFocus={returnFocus} demoUrl={site.demoUrl} />
        </Suspense>
      )}
    </DemoContext.Provider>
  )
}

/**
 * Shown from the click until the modal's code arrives (issue 27 §14: ~0.4 s of nothing on a slow
 * line); Escape closes it, as it would the modal.
 */
function DemoLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70">
      <p
        role="status"
        className="flex items-center gap-3 rounded-lg bg-slate-950 px-5 py-4 text-sm font-medium text-white shadow-lg ring-1 ring-white/20"
      >
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-white/30 border-t-white motion-reduce:animate-none"
        />
        Loading the demo…
      </p>
    </div>
  )
}
