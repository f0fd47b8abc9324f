import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BotIcon, CircleAlertIcon, ExternalLinkIcon, ImagesIcon, TagsIcon, UserIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { SendAsNewsletter } from '#app/components/newsletter/send-as-newsletter.tsx'
import { REQUIRED_FIELDS } from '#app/components/post-form/messages.ts'
import {
  ExcerptField,
  FeaturedImageField,
  MetadataFields,
  PublishedField,
  SlugField,
} from '#app/components/post-form/post-fields.tsx'
import { valuesFromPost } from '#app/components/post-form/post-form.ts'
import { SaveButton } from '#app/components/post-form/save-button.tsx'
import { useSavePost } from '#app/components/post-form/use-save-post.ts'
import { ScheduleButton } from '#app/components/schedule/schedule-new-post.tsx'
import { PostSeoAssistant } from '#app/components/seo-assistant/seo-assistant.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConflictDialog, type MergeText } from '#app/features/editor/conflict-dialog.tsx'
import { ContentEditor } from '#app/features/editor/content-editor.tsx'
import { useSaveShortcut } from '#app/features/editor/draft-dialogs.tsx'
import {
  EditorFormElement,
  EditorLayout,
  SettingsToggle,
  useSettingsPanel,
} from '#app/features/editor/editor-layout.tsx'
import { EditorCard, EditorPage } from '#app/features/editor/editor-page.tsx'
import { FormActions } from '#app/features/editor/form-actions.tsx'
import { ImageAltFields } from '#app/features/editor/image-alt-fields.tsx'
import { ImageManager } from '#app/features/editor/image-manager.tsx'
import { InternalLinksCard } from '#app/features/editor/internal-links-card.tsx'
import { PostScheduleState, usePostSchedule, usePublishWithNewsletter } from '#app/features/editor/post-schedule.tsx'
import { PreviewButton } from '#app/features/editor/preview-dialog.tsx'
import {
  ReviewBanner,
  reviewable,
  SubmitForReviewButton,
  useReviewActions,
} from '#app/features/editor/review-state.tsx'
import { RevisionHistory } from '#app/features/editor/revision-history.tsx'
import { SaveStatus } from '#app/features/editor/save-status.tsx'
import { useAutosave } from '#app/features/editor/use-autosave.ts'
import { usePostEditor } from '#app/features/editor/use-post-editor.tsx'
import { useMayPublish } from '#app/lib/admin-me.ts'
import { postNewsletterOptions } from '#app/lib/newsletter-queries.ts'
import { postKeys } from '#app/lib/post-queries.ts'
import { toast } from '#app/lib/toast.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { Post, VersionConflict } from '#common/contract/posts.ts'
import { REVIEW_STATE_LABELS } from '#common/contract/review.ts'
import { categoryLabel } from '#common/text-rules.ts'

/** docs/product.md §2 Edit post: Basic Information, Content, Metadata, the X panel (given by the route), and saving. */
export function EditPostForm({
  post,
  xPanel,
  figures,
  newsletterPanel,
  reviewer = false,
  newsletters = false,
}: {
  post: Post
  xPanel?: React.ReactNode
  figures?: React.ReactNode
  newsletterPanel?: React.ReactNode
  /** Issue 28: may send the post back to its writer while it waits for review. */
  reviewer?: boolean
  /** Issue 30: may send the post as a newsletter when it goes live. */
  newsletters?: boolean
}) {
  const site = useSite()
  // Issue 28: a Contributor drafts; the switch and 'Schedule' are for those who may publish.
  const mayPublish = useMayPublish()
  const baseline = useMemo(() => valuesFromPost(post), [post])
  const { form, hydrated, imageActions, savedHere, replaceValues, dialogs } = usePostEditor(`edit:${post.id}`, baseline)
  const navigate = useNavigate()
  const [requiredMissing, setRequiredMissing] = useState(false)
  const { submit, busy } = useSavePost({ update: post.id })
  const queryClient = useQueryClient()
  // Issue 28 (decision 047): the version this form is based on. Its own state, not the cached
  // post's: a refetch must never move it past a change the writer has not seen.
  const [version, setVersion] = useState(post.version)
  const [conflict, setConflict] = useState<VersionConflict | null>(null)
  // A change of this screen's own (a schedule) moves the base only when nobody else changed it in between.
  const followOwnChange = (saved: Post) => setVersion((v) => (saved.version === v + 1 ? saved.version : v))
  // Issue 30: 'Send as newsletter' is offered while the post has no newsletter yet.
  const newsletter = useQuery({ ...postNewsletterOptions(post.id), enabled: newsletters })
  const mayNewsletter = newsletters && newsletter.isSuccess && newsletter.data.newsletter === null
  const schedule = usePostSchedule(post, {
    unsavedChanges: form.formState.isDirty,
    onSaved: followOwnChange,
    newsletter: mayNewsletter,
  })
  const [sendNewsletter, setSendNewsletter] = useState(false)
  const publishWithNewsletter = usePublishWithNewsletter(post.id)
  const review = useReviewActions(post, { unsavedChanges: form.formState.isDirty })
  const [images, featuredImage, category, isPublished] = useWatch({
    control: form.control,
    name: ['images', 'featuredImage', 'category', 'isPublished'],
  })
  // Publishing from here (the switch, then save) with the newsletter: the save keeps the post a
  // draft, then the publish call carries `sendNewsletter: true`, so a refusal (mail not set up)
  // publishes nothing.
  const publishingWithNewsletter = mayNewsletter && sendNewsletter && isPublished && !post.isPublished

  // Issue 32 (decision 052): a draft saves itself; a published or scheduled post waits for 'Update'.
  const autosave = useAutosave({
    form,
    post,
    version,
    setVersion,
    rebase: savedHere,
    paused: busy || !hydrated || conflict !== null,
    saving: busy,
    onConflict: setConflict,
  })

  const saveOn = (basedOn: number) => {
    const withNewsletter = publishingWithNewsletter
    return submit('update', {
      form,
      input: (values) => ({
        ...values,
        ...(withNewsletter ? { isPublished: false } : {}),
        aiGenerated: post.aiGenerated,
        version: basedOn,
      }),
      onConflict: setConflict,
      onValid: () => setRequiredMissing(false),
      onInvalid: () => {
        const { title, slug, content } = form.getValues()
        const missing = [title, slug, content].some((v) => v.trim() === '')
        setRequiredMissing(missing)
        if (missing) toast({ title: 'Validation Error', description: REQUIRED_FIELDS, variant: 'destructive' })
      },
      onSaved: (saved) => {
        savedHere(valuesFromPost(saved), false)
        setVersion(saved.version)
        autosave.saved(saved)
        // 'Keep mine' or a merge saved: the screen stays, the choice is made.
        setConflict(null)
        if (withNewsletter)
          void publishWithNewsletter(saved.version).then((published) => {
            if (!published) return
            savedHere(valuesFromPost(published), false)
            setVersion(published.version)
            autosave.saved(published)
            setSendNewsletter(false)
          })
      },
    })
  }
  // After an autosave on its way, based on the version it left.
  const save = () => void autosave.idle().then(saveOn)

  /** 'Take theirs': the form shows the saved post, unsaved, based on its version. */
  const takeTheirs = (theirs: Post) => {
    queryClient.setQueryData(postKeys.detail(post.id), theirs)
    replaceValues(valuesFromPost(theirs))
    setVersion(theirs.version)
    setConflict(null)
    toast({ title: 'Their version is loaded', description: 'Nothing was saved; your text is no longer in the form.' })
  }

  const saveMerged = (merged: MergeText, theirs: Post) => {
    for (const name of ['title', 'excerpt', 'content'] as const) {
      form.setValue(name, merged[name], { shouldDirty: true })
    }
    saveOn(theirs.version)
  }

  useSaveShortcut(save)
  const panel = useSettingsPanel(form)

  return (
    <EditorPage
      title="Edit Blog Post"
      description={
        <>
          Editing <span className="font-medium text-slate-700">“{post.title}”</span>
        </>
      }
      badges={
        <>
          {post.aiGenerated ? (
            <Badge variant="secondary">
              <BotIcon aria-hidden="true" />
              AI Generated
            </Badge>
          ) : (
            <Badge variant="muted">
              <UserIcon aria-hidden="true" />
              Human Written
            </Badge>
          )}
          <Badge variant="outline">{categoryLabel(category)}</Badge>
          {post.reviewState && <Badge variant="secondary">{REVIEW_STATE_LABELS[post.reviewState]}</Badge>}
        </>
      }
      actions={
        <SaveButton
          disabled={busy || !hydrated}
          onClick={save}
          pending={busy}
          label={form.formState.isDirty ? 'Save Changes' : 'Update Post'}
          pendingLabel="Saving..."
        />
      }
    >
      <EditorFormElement label="Edit blog post" onSave={save}>
        {/* Issue 28: where the post stands in review, and the editor's note when it was sent back. */}
        <ReviewBanner post={post} actions={review} disabled={busy || !hydrated} reviewer={reviewer} />
        <EditorLayout
          form={form}
          panel={panel}
          writing={<ContentEditor form={form} />}
          settings={
            <>
              <EditorCard title="Metadata" icon={<TagsIcon />}>
                <SlugField form={form} />
                <ExcerptField form={form} />
                <MetadataFields form={form} defaultAuthor={site.teamName} />
                {mayPublish && <PublishedField form={form} />}
                {mayPublish && mayNewsletter && !post.isPublished && !post.scheduledAt && (
                  <SendAsNewsletter
                    checked={sendNewsletter}
                    onCheckedChange={setSendNewsletter}
                    hint={
                      isPublished
                        ? 'Every confirmed subscriber gets this post by email when you save it as published.'
                        : 'Turn Published on, tick this, then save: the post goes live and to every confirmed subscriber.'
                    }
                  />
                )}
                <PostScheduleState
                  post={post}
                  onChange={schedule.openDialog}
                  onCancel={schedule.cancelSchedule}
                  busy={schedule.busy}
                  cancelling={schedule.cancelling}
                />
                {post.sourceUrl && <SourceLink url={post.sourceUrl} title={post.sourceTitle} />}
                {/* The post's own figures (issue 16) come from the route, as the X panel does. */}
                {figures}
              </EditorCard>
              <PostSeoAssistant form={form} />
              <EditorCard title="Images" icon={<ImagesIcon />}>
                <ImageManager images={images} featuredImage={featuredImage} {...imageActions} />
                <FeaturedImageField form={form} />
                <ImageAltFields form={form} />
              </EditorCard>
              <InternalLinksCard postId={post.id} form={form} />
              {/* The X publishing panel (issue #5) comes from the route: features do not import each other. */}
              {xPanel}
              {newsletterPanel}
              <RevisionHistory
                post={post}
                onRestored={(restored) => {
                  replaceValues(valuesFromPost(restored))
                  setVersion(restored.version)
                }}
              />
            </>
          }
        />

        {requiredMissing && (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Validation Error:</strong> {REQUIRED_FIELDS}
            </p>
          </div>
        )}

        <FormActions>
          {/* Issue 32: in the bar that stays in view, so the save state is always visible. */}
          <SaveStatus status={autosave.status} className="mr-auto" />
          <SettingsToggle panel={panel} />
          <Button type="button" variant="ghost" onClick={() => navigate('/admin/blog')}>
            Cancel
          </Button>
          <PreviewButton form={form} postId={post.id} />
          {/* Issue 14: a draft can go live by itself later; a scheduled one is changed in Metadata. */}
          {mayPublish && !post.isPublished && !post.scheduledAt && (
            <ScheduleButton disabled={busy || schedule.busy || !hydrated} onClick={schedule.openDialog} />
          )}
          {/* Issue 28: a writer hands a draft to the editors (the banner above once it is in review). */}
          {reviewable(post) && post.reviewState === null && (
            <SubmitForReviewButton actions={review} disabled={busy || !hydrated} />
          )}
          <SaveButton
            variant="gradient"
            disabled={busy || !hydrated}
            onClick={save}
            pending={busy}
            label="Update Blog Post"
            pendingLabel="Saving..."
          />
        </FormActions>
      </EditorFormElement>

      {dialogs}
      {schedule.dialog}
      <ConflictDialog
        postId={post.id}
        conflict={conflict}
        mine={conflict ? mergeText(form.getValues()) : { title: '', excerpt: '', content: '' }}
        busy={busy}
        onKeepMine={(theirs) => saveOn(theirs.version)}
        onTakeTheirs={takeTheirs}
        onSaveMerged={saveMerged}
        onClose={() => setConflict(null)}
      />
    </EditorPage>
  )
}

function mergeText({ title, excerpt, content }: MergeText): MergeText {
  return { title, excerpt, content }
}

/** Issue 4: a post made by the AI Rewriter keeps the article it was written from. */
function SourceLink({ url, title }: { url: string; title: string | null }) {
  return (
    <div className="grid gap-1 border-t pt-4">
      <h3 className="text-sm font-medium text-slate-800">Source</h3>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="flex items-center gap-1.5 text-sm break-all text-violet-700 underline underline-offset-2 hover:text-violet-900"
      >
        <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {title || url}
      </a>
    </div>
  )
}
