import { useCallback, useEffect, useRef, useState } from 'react'
import { type EditorForm, type EditorValues, keptAlts, valuesFromPost } from '#app/components/post-form/post-form.ts'
import { versionConflict } from '#app/components/post-form/use-save-post.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { useUpdatePost } from '#app/lib/post-queries.ts'
import { type Post, PostInput, type VersionConflict } from '#common/contract/posts.ts'

/** Issue 32: how long typing must pause before a draft is saved to the server. */
export const AUTOSAVE_DELAY_MS = 3000

/**
 * What the save-state indicator shows (save-status.tsx): a save on its way, the last save's time,
 * changes not saved yet (on a published or scheduled post: waiting for 'Update'), or a save that
 * could not reach the server (the copy on this device, local-draft.ts, keeps the text).
 */
export type SaveState =
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date | string }
  | { kind: 'unsaved' }
  | { kind: 'unpublished' }
  | { kind: 'offline' }

/** Whether a post is saved by itself: a draft that is not scheduled (decision 052). */
export const autosaves = (post: Pick<Post, 'isPublished' | 'scheduledAt'>) => !post.isPublished && !post.scheduledAt

/**
 * Whether the form's values are not its baseline. Not formState.isDirty: after a save that kept
 * what was typed meanwhile, that is false until the next keystroke.
 */
function differs(values: EditorValues, baseline: Partial<Record<keyof EditorValues, unknown>> | undefined): boolean {
  if (!baseline) return true
  return (Object.keys(values) as (keyof EditorValues)[]).some(
    (name) => JSON.stringify(values[name]) !== JSON.stringify(baseline[name]),
  )
}

interface Options {
  form: EditorForm
  post: Post
  /** The version the form is based on (decision 047) and how it moves on. */
  version: number
  setVersion: (version: number) => void
  /** The form takes a saved post as its new baseline (usePostEditor's savedHere). */
  rebase: (values: EditorValues, keepTyping: boolean) => void
  /** A manual save is on its way, a dialog decides, or the page is not hydrated: wait. */
  paused: boolean
  /** A manual save is on its way: the indicator says 'Saving…' too. */
  saving: boolean
  onConflict: (conflict: VersionConflict) => void
}

/**
 * Issue 32 (decision 052): on the edit screen of a draft, saves the form to the server
 * AUTOSAVE_DELAY_MS after the writer stops typing, when the contract accepts it, with the version
 * it is based on and `autosave: true` (one revision per session of work). A conflict goes to the
 * conflict dialog and stops autosaving until the version moves (their post taken, a manual save).
 * Published and scheduled posts never autosave: their changes wait for 'Update'.
 */
export function useAutosave({ form, post, version, setVersion, rebase, paused, saving, onConflict }: Options) {
  const update = useUpdatePost()
  const enabled = autosaves(post)
  const [state, setState] = useState<'idle' | 'saving' | 'offline' | 'failed'>('idle')
  const [savedAt, setSavedAt] = useState<Date | string>(post.updatedAt)
  // Refs: the timer's callback runs after renders it did not see.
  const latest = useRef({ post, enabled, paused, onConflict, rebase, setVersion, update })
  latest.current = { post, enabled, paused, onConflict, rebase, setVersion, update }
  const versionRef = useRef(version)
  versionRef.current = version
  const inFlight = useRef<Promise<void> | null>(null)
  /** The version a conflict was met at: no autosave until the form is based on another one. */
  const blockedAt = useRef<number | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const attemptRef = useRef(async () => {})
  const schedule = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void attemptRef.current(), AUTOSAVE_DELAY_MS)
  }, [])

  const attempt = useCallback(async (): Promise<void> => {
    const now = latest.current
    if (!now.enabled || blockedAt.current === versionRef.current) return
    if (now.paused || inFlight.current) {
      schedule()
      return
    }
    if (!differs(form.getValues(), form.formState.defaultValues)) return
    const { isPublished: _kept, ...values } = form.getValues()
    // Checked quietly: half a title or an empty slug while typing is not an error to show.
    const checked = PostInput.safeParse({ ...values, imageAlts: keptAlts(values) })
    if (!checked.success) return
    const { isPublished: _draft, ...input } = checked.data
    const basedOn = versionRef.current
    setState('saving')
    const work = now.update
      .mutateAsync({
        id: now.post.id,
        input: { ...input, aiGenerated: now.post.aiGenerated, version: basedOn, autosave: true },
      })
      .then(
        ({ post: saved }) => {
          versionRef.current = saved.version
          latest.current.setVersion(saved.version)
          // What was typed while the save was on its way stays; the next pause saves it.
          latest.current.rebase(valuesFromPost(saved), true)
          setSavedAt(new Date())
          setState('idle')
        },
        (error: unknown) => {
          const conflict = versionConflict(error)
          if (conflict) {
            blockedAt.current = basedOn
            latest.current.onConflict(conflict)
            setState('failed')
          } else setState(error instanceof ApiError ? 'failed' : 'offline')
        },
      )
      .finally(() => {
        inFlight.current = null
      })
    inFlight.current = work
    await work
  }, [form, schedule])

  attemptRef.current = attempt

  useEffect(() => {
    if (!enabled) return
    const subscription = form.watch(() => schedule())
    // Back online: what could not be sent is sent now.
    const online = () => void attempt()
    window.addEventListener('online', online)
    return () => {
      clearTimeout(timer.current)
      subscription.unsubscribe()
      window.removeEventListener('online', online)
    }
  }, [enabled, form, attempt, schedule])

  const dirty = form.formState.isDirty
  const status: SaveState =
    state === 'saving' || saving
      ? { kind: 'saving' }
      : state === 'offline'
        ? { kind: 'offline' }
        : dirty || state === 'failed'
          ? { kind: enabled ? 'unsaved' : 'unpublished' }
          : { kind: 'saved', at: savedAt }

  return {
    status,
    /** Waits for an autosave on its way, then answers the version a manual save is based on. */
    async idle(): Promise<number> {
      clearTimeout(timer.current)
      if (inFlight.current) await inFlight.current
      return versionRef.current
    },
    /** A manual save (or a restore) succeeded: the form is based on `saved`, nothing waits. */
    saved(saved: Post) {
      clearTimeout(timer.current)
      versionRef.current = saved.version
      setSavedAt(new Date())
      setState('idle')
    },
  }
}
