import {
  ImagesIcon,
  LoaderCircleIcon,
  NotebookPenIcon,
  SaveIcon,
  SendIcon,
  Settings2Icon,
  TextIcon,
} from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ContentEditor } from '#app/features/editor/content-editor.tsx'
import {
  RestoreDraftDialog,
  UnsavedChangesDialog,
  useSaveShortcut,
  useUnsavedChangesGuard,
} from '#app/features/editor/draft-dialogs.tsx'
import { EditorCard } from '#app/features/editor/editor-page.tsx'
import { FormActions } from '#app/features/editor/form-actions.tsx'
import { ImageManager } from '#app/features/editor/image-manager.tsx'
import { useLocalDraft } from '#app/features/editor/local-draft.ts'
import {
  AuthorField,
  CategoryField,
  ExcerptField,
  FeaturedImageField,
  SlugField,
  TagsField,
  TitleField,
} from '#app/features/editor/post-fields.tsx'
import { applyApiError, type EditorValues, editorResolver, emptyValues } from '#app/features/editor/post-form.ts'
import { useHydrated } from '#app/features/editor/use-hydrated.ts'
import { useImageActions } from '#app/features/editor/use-image-actions.ts'
import { useCreatePost } from '#app/features/posts/queries.ts'
import { toast } from '#app/lib/toast.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { PostValues } from '#common/contract/posts.ts'

export const CREATE_FAILED = 'Failed to create blog post. Please try again.'

/** SPEC §2 Create post — Manual Writing: the form, the paste helper, images, draft or publish. */
export function ManualWritingForm() {
  const site = useSite()
  const baseline = useMemo(() => emptyValues(site.teamName), [site.teamName])
  const form = useForm<EditorValues, unknown, PostValues>({ resolver: editorResolver, defaultValues: baseline })
  const create = useCreatePost()
  const navigate = useNavigate()
  const draft = useLocalDraft(form, 'create', baseline)
  const [intent, setIntent] = useState<'draft' | 'publish'>('draft')
  const inFlight = useRef(false)
  const { isDirty, isSubmitting } = form.formState
  const guard = useUnsavedChangesGuard(isDirty)
  const hydrated = useHydrated()
  const busy = create.isPending || isSubmitting
  const images = useImageActions(form)
  const [images_, featuredImage] = useWatch({ control: form.control, name: ['images', 'featuredImage'] })

  const save = (publish: boolean) => {
    // A ref, not state: two clicks in the same frame must not both get through.
    if (inFlight.current) return
    inFlight.current = true
    setIntent(publish ? 'publish' : 'draft')
    void form
      .handleSubmit(async (values) => {
        try {
          const answer = await create.mutateAsync({ ...values, isPublished: publish, aiGenerated: false })
          draft.clear()
          guard.allowNavigation()
          toast({ title: 'Blog Post Created', description: answer.message })
          navigate('/admin/blog')
        } catch (error) {
          const message = applyApiError(form, error)
          toast({ title: 'Error', description: message ?? CREATE_FAILED, variant: 'destructive' })
        }
      })()
      .finally(() => {
        inFlight.current = false
      })
  }

  useSaveShortcut(() => save(false))

  return (
    <form
      noValidate
      aria-label="Manual Writing"
      onSubmit={(e) => {
        e.preventDefault()
        save(false)
      }}
      className="grid gap-6"
    >
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <EditorCard title="Post Details" icon={<NotebookPenIcon />} className="xl:col-span-2">
          <TitleField form={form} />
          <SlugField form={form} />
          <ExcerptField form={form} />
        </EditorCard>
        <EditorCard title="Settings" icon={<Settings2Icon />}>
          <CategoryField form={form} />
          <AuthorField form={form} defaultAuthor={site.teamName} />
          <FeaturedImageField form={form} />
          <TagsField form={form} />
        </EditorCard>
      </div>

      <EditorCard
        title="Images"
        icon={<ImagesIcon />}
        description="Upload pictures for this post, pick the featured one, and copy markdown to place them in the text."
      >
        <ImageManager images={images_} featuredImage={featuredImage} {...images} />
      </EditorCard>

      <EditorCard title="Content" icon={<TextIcon />}>
        <ContentEditor form={form} />
      </EditorCard>

      <FormActions>
        <p className="mr-auto hidden text-xs text-muted-foreground md:block">
          <kbd className="rounded border bg-slate-50 px-1.5 py-0.5 font-sans">Ctrl</kbd> +{' '}
          <kbd className="rounded border bg-slate-50 px-1.5 py-0.5 font-sans">S</kbd> saves a draft. Unsaved work is
          kept on this device.
        </p>
        <Button type="button" variant="ghost" onClick={() => navigate('/admin/blog')}>
          Cancel
        </Button>
        <Button type="button" variant="outline" disabled={busy || !hydrated} onClick={() => save(false)}>
          {busy && intent === 'draft' ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          {busy && intent === 'draft' ? 'Saving...' : 'Save as Draft'}
        </Button>
        <Button type="button" variant="gradient" disabled={busy || !hydrated} onClick={() => save(true)}>
          {busy && intent === 'publish' ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {busy && intent === 'publish' ? 'Publishing...' : 'Publish Now'}
        </Button>
      </FormActions>

      <RestoreDraftDialog draft={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      <UnsavedChangesDialog blocker={guard.blocker} onDiscard={draft.clear} />
    </form>
  )
}
