import { useSyncExternalStore } from 'react'

// docs/product.md §9: one toast visible at a time; a dismissed toast is removed after 1,000,000 ms.
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000

export interface ToastInput {
  title?: string
  description?: string
  variant?: 'default' | 'destructive'
  action?: { label: string; onClick: () => void }
}

export interface ToastItem extends ToastInput {
  id: string
  open: boolean
}

let toasts: ToastItem[] = []
let counter = 0
const listeners = new Set<() => void>()
const removals = new Map<string, ReturnType<typeof setTimeout>>()

function emit(next: ToastItem[]) {
  toasts = next
  for (const l of listeners) l()
}

function scheduleRemoval(id: string) {
  if (removals.has(id)) return
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id)
      emit(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY),
  )
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

/** Shows a toast; the newest replaces what is visible (limit 1). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const snapshot = () => toasts
const serverSnapshot: ToastItem[] = []

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => serverSnapshot)
}
