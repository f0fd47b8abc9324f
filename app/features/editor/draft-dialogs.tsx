import { useEffect, useRef } from 'react'
import { type Blocker, useBlocker } from 'react-router'
import { AlertDialogAction, ConfirmDialog } from '#app/components/ui/alert-dialog.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import type { LocalDraft } from '#app/features/editor/local-draft.ts'
import { relativeTime } from '#common/text-rules.ts'

/** Offers back the form kept in local storage after a reload or a crash. */
export function RestoreDraftDialog({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft | null
  onRestore: () => void
  onDiscard: () => void
}) {
  const title = draft?.values.title.trim()
  return (
    <ConfirmDialog
      open={draft !== null}
      title="Restore unsaved draft?"
      description={
        <>
          {title ? <>Changes to “{title}”</> : 'Changes'} from {relativeTime(draft?.savedAt, 'earlier')} were not saved.
          Restore them to keep working, or discard them.
        </>
      }
      cancel={{ onClick: onDiscard, children: 'Discard' }}
      action={
        <AlertDialogAction className={buttonVariants()} onClick={onRestore}>
          Restore
        </AlertDialogAction>
      }
    />
  )
}

/**
 * Asks before leaving with unsaved changes: in-app navigation through React Router's blocker,
 * reloads and closing the tab through beforeunload. `allowNavigation` lets a successful save leave.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const allowed = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
  return {
    blocker,
    allowNavigation() {
      allowed.current = true
    },
  }
}

export function UnsavedChangesDialog({ blocker, onDiscard }: { blocker: Blocker; onDiscard?: () => void }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
      title="Leave without saving?"
      description="You have unsaved changes. If you leave this page now, they will be lost."
      cancel={{ onClick: () => blocker.state === 'blocked' && blocker.reset(), children: 'Keep editing' }}
      action={
        <AlertDialogAction
          onClick={() => {
            onDiscard?.()
            if (blocker.state === 'blocked') blocker.proceed()
          }}
        >
          Discard changes
        </AlertDialogAction>
      }
    />
  )
}

/** Ctrl+S / Cmd+S saves instead of opening the browser's "save page" dialog. */
export function useSaveShortcut(onSave: () => void) {
  const latest = useRef(onSave)
  latest.current = onSave
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        latest.current()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
