import { useEffect } from 'react'
import { type ToastInput, toast } from '#app/lib/toast.ts'

const KEY = 'vq:flash-toast'

/**
 * Keeps a toast for the next page this tab loads: for a message that must survive a document
 * navigation (the toast store lives in memory and a page load empties it).
 */
export function flashToast(input: ToastInput) {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ title: input.title, description: input.description, variant: input.variant }),
    )
  } catch {
    // Storage refused (private mode, quota): the message is lost, nothing else is.
  }
}

/** Shows the toast kept by `flashToast`, once, after hydration. */
export function useFlashToast() {
  useEffect(() => {
    let kept: unknown
    try {
      const raw = sessionStorage.getItem(KEY)
      if (raw === null) return
      sessionStorage.removeItem(KEY)
      kept = JSON.parse(raw)
    } catch {
      return
    }
    if (!kept || typeof kept !== 'object') return
    const { title, description, variant } = kept as Record<string, unknown>
    toast({
      title: typeof title === 'string' ? title : undefined,
      description: typeof description === 'string' ? description : undefined,
      variant: variant === 'destructive' ? 'destructive' : 'default',
    })
  }, [])
}
