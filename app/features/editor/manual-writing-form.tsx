import { ImagesIcon, Settings2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { ExcerptField, FeaturedImageField, MetadataFields, SlugField } from '#app/components/post-form/post-fields.tsx'
import { emptyValues } from '#app/components/post-form/post-form.ts'
import { DraftAndPublishButtons } from '#app/components/post-form/save-button.tsx'
import { useSavePost } from '#app/components/post-form/use-save-post.ts'
import { ScheduleButton, useScheduleNewPost } from '#app/components/schedule/schedule-new-post.tsx'
import { PostSeoAssistant } from '#app/components/seo-assistant/seo-assistant.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ContentEditor } from '#app/features/editor/content-editor.tsx'
import { useSaveShortcut } from '#app/features/editor/draft-dialogs.tsx'
import {
  EditorFormElement,
  EditorLayout,
  SettingsToggle,
  useSettingsPanel,
} from '#app/features/editor/editor-layout.tsx'
import { EditorCard } from '#app/features/editor/editor-page.tsx'
import { FormActions } from '#app/features/editor/form-actions.tsx'
import { ImageAltFields } from '#app/features/editor/image-alt-fields.tsx'
import { ImageManager } from '#app/features/editor/image-manager.tsx'
import { PreviewButton } from '#app/features/editor/preview-dialog.tsx'
import { usePostEditor } from '#app/features/editor/use-post-editor.tsx'
import { useSite } from '#app/lib/use-site.ts'

/** docs/product.md §2 Create post — Manual Writing: the form, the paste helper, images, draft or publish. */
export function ManualWritingForm() {
  const site = useSite()
  const baseline = useMemo(() => emptyValues(site.teamName), [site.teamName])
  const { form, hydrated, imageActions, onSaved, dialogs } = usePostEditor('create', baseline)
  const navigate = useNavigate()
  const { submit, intent, busy } = useSavePost('create')
  const schedule = useScheduleNewPost(form, { onSaved })
  const [images_, featuredImage] = useWatch({ control: form.control, name: ['images', 'featuredImage'] })

  const save = (publish: boolean) =>
    submit(publish ? 'publish' : 'draft', {
      form,
      input: (values) => ({ ...values, isPublished: publish, aiGenerated: false }),
      onSaved,
    })

  useSaveShortcut(() => save(false))
  const panel = useSettingsPanel(form)

  return (
    <EditorFormElement label="Manual Writing" onSave={() => save(false)}>
      <EditorLayout
        form={form}
        panel={panel}
        writing={<ContentEditor form={form} />}
        settings={
          <>
            <EditorCard title="Settings" icon={<Settings2Icon />}>
              <SlugField form={form} />
              <ExcerptField form={form} />
              <MetadataFields form={form} defaultAuthor={site.teamName} />
            </EditorCard>
            <PostSeoAssistant form={form} />
            <EditorCard
              title="Images"
              icon={<ImagesIcon />}
              description="Upload pictures for this post and pick the featured one; drop or paste one into the text to place it there."
            >
              <ImageManager images={images_} featuredImage={featuredImage} {...imageActions} />
              <FeaturedImageField form={form} />
              <ImageAltFields form={form} />
            </EditorCard>
          </>
        }
      />

      <FormActions>
        <p className="mr-auto hidden text-xs text-muted-foreground md:block">
          <kbd className="rounded border bg-slate-50 px-1.5 py-0.5 font-sans">Ctrl</kbd> +{' '}
          <kbd className="rounded border bg-slate-50 px-1.5 py-0.5 font-sans">S</kbd> saves a draft. Unsaved work is
          kept on this device.
        </p>
        <SettingsToggle panel={panel} />
        <Button type="button" variant="ghost" onClick={() => navigate('/admin/blog')}>
          Cancel
        </Button>
        <PreviewButton form={form} />
        <DraftAndPublishButtons
          intent={intent}
          disabled={busy || schedule.busy || !hydrated}
          onSave={save}
          beforePublish={<ScheduleButton disabled={busy || schedule.busy || !hydrated} onClick={schedule.openDialog} />}
        />
      </FormActions>

      {dialogs}
      {schedule.dialog}
    </EditorFormElement>
  )
}
