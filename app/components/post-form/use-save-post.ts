import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  CREATE_FAILED,
  POST_CREATED,
  POST_UPDATED,
  REWRITE_CREATE_FAILED,
  UPDATE_FAILED,
} from '#app/components/post-form/messages.ts'
import { applyApiError, type EditorForm } from '#app/components/post-form/post-form.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { postKeys, useCreatePost, useUpdatePost } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import {
  type Post,
  type PostInput,
  type PostValues,
  type VersionConflict,
  VersionConflictAnswer,
} from '#common/contract/posts.ts'

/** Which button started the save: its label turns into 'Saving...' or 'Publishing...'. */
export type SaveIntent = 'draft' | 'publish' | 'update'

/**
 * Where a save goes, and so what its failure says (docs/product.md §8): a create shows the server's sentence
 * or CREATE_FAILED, the rewriter's create always REWRITE_CREATE_FAILED, an update UPDATE_FAILED.
 */
export type SaveTarget = 'create' | 'rewrite' | { update: number }

export interface FormSave {
  form: EditorForm
  /** The body to send, made from the form's checked values (an update adds the version it was based on). */
  input: (values: PostValues) => PostValues & { version?: number }
  onValid?: () => void
  onInvalid?: () => void
  /**
   * Runs before the toast with the post as saved: a create then goes to its edit screen (clear the
   * local draft, let navigation through); an update stays, and the form takes the saved post as its baseline.
   */
  onSaved?: (saved: Post) => void
  /** Issue 28: the save met a newer version (409 with `conflict`): no toast, the caller shows the choice. */
  onConflict?: (conflict: VersionConflict) => void
}

/** The `conflict` of a 409 from a save based on an older version; null for any other failure. */
export function versionConflict(error: unknown): VersionConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const parsed = VersionConflictAnswer.safeParse(error.body)
  return parsed.success ? parsed.data.conflict : null
}

function failure(target: SaveTarget, serverSentence: string | null) {
  if (typeof target === 'object') return UPDATE_FAILED
  return target === 'rewrite' ? REWRITE_CREATE_FAILED : (serverSentence ?? CREATE_FAILED)
}

/**
 * Saving a post from any screen (manual form, edit form, AI review, AI rewriter): one save at a
 * time, the success toast, or the error toast with the server's per-field messages put next to
 * their fields. Issue 32: the writer stays in the editor: an update stays on its screen, a create
 * goes on to the new post's edit screen (replacing the create screen in the history).
 */
export function useSavePost(target: SaveTarget) {
  const create = useCreatePost()
  const update = useUpdatePost()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const inFlight = useRef(false)
  const [intent, setIntent] = useState<SaveIntent | null>(null)

  const send = async (
    input: PostInput & { version?: number },
    form?: EditorForm,
    onSaved?: (saved: Post) => void,
    onConflict?: (conflict: VersionConflict) => void,
  ) => {
    try {
      const answer =
        typeof target === 'object'
          ? await update.mutateAsync({ id: target.update, input })
          : await create.mutateAsync(input)
      onSaved?.(answer.post)
      toast({ title: typeof target === 'object' ? POST_UPDATED : POST_CREATED, description: answer.message })
      if (typeof target !== 'object') {
        // The edit screen opens with the post it was just given, without a loading step.
        queryClient.setQueryData(postKeys.detail(answer.post.id), answer.post)
        navigate(`/admin/blog/edit/${answer.post.id}`, { replace: true })
      }
    } catch (error) {
      const conflict = onConflict ? versionConflict(error) : null
      if (conflict && onConflict) return onConflict(conflict)
      const sentence = form ? applyApiError(form, error) : null
      toast({ title: 'Error', description: failure(target, sentence), variant: 'destructive' })
    }
  }

  const run = (next: SaveIntent, work: () => Promise<void>) => {
    // A ref, not state: two clicks in the same frame must not both get through.
    if (inFlight.current) return
    inFlight.current = true
    setIntent(next)
    void work().finally(() => {
      inFlight.current = false
      setIntent(null)
    })
  }

  return {
    intent,
    busy: intent !== null,
    /** Checks the form with the contract, then saves what `input` makes of its values. */
    submit: (next: SaveIntent, { form, input, onValid, onInvalid, onSaved, onConflict }: FormSave) =>
      run(next, () =>
        form.handleSubmit(async (values) => {
          onValid?.()
          await send(input(values), form, onSaved, onConflict)
        }, onInvalid)(),
      ),
    /** Saves a post that no form holds (the rewriter's result): the fields it leaves out take their defaults. */
    save: (next: SaveIntent, input: PostInput) => run(next, () => send(input)),
  }
}
