import { useEffect, useRef, useState } from 'react'
import type { EditorForm, EditorValues } from '#app/components/post-form/post-form.ts'

/** How long typing must pause before the form is written to local storage. */
export const DRAFT_SAVE_DELAY_MS = 600

export interface LocalDraft {
  savedAt: string
  values: EditorValues
}

export const draftKey = (scope: string) => `vidquest:editor-draft:${scope}`

export function readDraft(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key)
    if (!raw) return null
    const draft = JSON.parse(raw) as LocalDraft
    return draft && typeof draft === 'object' && draft.values && typeof draft.values.title === 'string' ? draft : null
  } catch {
    return null
  }
}

export function removeDraft(key: string) {
  try {
    window.localStorage.removeItem(key)
  } catch {}
}

function writeDraft(key: string, values: EditorValues) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }))
  } catch {
    // Quota exceeded (big embedded images) or storage disabled: the draft is a convenience only.
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Keeps the unsaved form in local storage (debounced) and, after a reload or a crash, offers it
 * back. Saving pauses while the offer is open so the old draft is not overwritten unseen.
 */
export function useLocalDraft(form: EditorForm, scope: string, baseline: EditorValues) {
  const key = draftKey(scope)
  const [offer, setOffer] = useState<LocalDraft | null>(null)
  const deciding = useRef(true)
  const baselineRef = useRef(baseline)
  baselineRef.current = baseline

  useEffect(() => {
    const draft = readDraft(key)
    if (draft && !same({ ...baselineRef.current, ...draft.values }, baselineRef.current)) setOffer(draft)
    else {
      if (draft) removeDraft(key)
      deciding.current = false
    }
  }, [key])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const write = () => {
      timer = undefined
      if (deciding.current) return
      const values = form.getValues()
      if (same(values, baselineRef.current)) removeDraft(key)
      else writeDraft(key, values)
    }
    const subscription = form.watch(() => {
      if (deciding.current) return
      clearTimeout(timer)
      timer = setTimeout(write, DRAFT_SAVE_DELAY_MS)
    })
    // A reload or a closed tab inside the pause still keeps the last keystrokes.
    const flush = () => {
      if (timer === undefined) return
      clearTimeout(timer)
      write()
    }
    window.addEventListener('pagehide', flush)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('pagehide', flush)
      subscription.unsubscribe()
    }
  }, [form, key])

  return {
    offer,
    restore() {
      if (offer) form.reset({ ...baselineRef.current, ...offer.values }, { keepDefaultValues: true })
      deciding.current = false
      setOffer(null)
    },
    discard() {
      removeDraft(key)
      deciding.current = false
      setOffer(null)
    },
    /** Issue 32: after a save that stays on the screen: the kept copy goes, keeping goes on. */
    saved() {
      if (!deciding.current) removeDraft(key)
    },
    /** After a successful save that leaves the screen, or a deliberate discard. */
    clear() {
      deciding.current = true
      removeDraft(key)
    },
  }
}
