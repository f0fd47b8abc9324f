import { lazy, Suspense, useState } from 'react'
import { useToasts } from '#app/lib/toast.ts'

// Radix Toast (and what it pulls in: collection, dismissable layer, presence) is ~13 KB gzipped that
// no page needs before its first toast; public pages rarely show one (the contact form, Share).
// The toast store is tiny and stays here; the Radix viewport is fetched with the first toast, and
// stays mounted from then on. docs/decisions/037-public-page-script-budget.md
const RadixToaster = lazy(() => import('#app/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })))

/** Mounted once in the root layout: renders nothing until a toast is queued. */
export function Toaster() {
  const toasts = useToasts()
  const [started, setStarted] = useState(false)
  if (toasts.length > 0 && !started) setStarted(true)
  if (!started && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  )
}
