import { type EditorValues, usePostForm } from '#app/components/post-form/post-form.ts'
import {
  RestoreDraftDialog,
  UnsavedChangesDialog,
  useUnsavedChangesGuard,
} from '#app/features/editor/draft-dialogs.tsx'
import { useLocalDraft } from '#app/features/editor/local-draft.ts'
import { useImageActions } from '#app/features/editor/use-image-actions.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'

/**
 * What the create and the edit screens share around their form: the copy kept on this device,
 * the guard against leaving unsaved work, and the image manager's actions.
 */
export function usePostEditor(scope: string, baseline: EditorValues) {
  const form = usePostForm(baseline)
  const draft = useLocalDraft(form, scope, baseline)
  const guard = useUnsavedChangesGuard(form.formState.isDirty)
  const hydrated = useHydrated()
  const imageActions = useImageActions(form)
  return {
    form,
    hydrated,
    imageActions,
    /**
     * Issue 32: after a save that stays on the screen, the saved post is the form's new baseline
     * (clean). `keepTyping`: what was typed while the save was on its way stays in the fields.
     */
    savedHere(values: EditorValues, keepTyping: boolean) {
      form.reset(values, { keepValues: keepTyping })
      draft.saved()
    },
    /** After a save that leaves the screen: the kept copy goes and the way on is not blocked. */
    onSaved() {
      draft.clear()
      guard.allowNavigation()
    },
    /** After a restore from the history: the form shows the saved fields, not an older kept copy. */
    replaceValues(values: EditorValues) {
      form.reset(values)
      draft.discard()
    },
    dialogs: (
      <>
        <RestoreDraftDialog draft={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
        <UnsavedChangesDialog blocker={guard.blocker} onDiscard={draft.clear} />
      </>
    ),
  }
}
