import { HeadlineFields } from '#app/components/post-form/post-fields.tsx'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { PostSeoAssistant } from '#app/components/seo-assistant/seo-assistant.tsx'
import { EditorCard } from '#app/features/editor/editor-page.tsx'

interface CardHeading {
  title: string
  icon: React.ReactNode
}

/**
 * The top of both editor forms (write and edit): the headline fields beside the settings card,
 * with the SEO assistant under it.
 */
export function PostFormTop({
  form,
  headline,
  settings,
  children,
}: {
  form: EditorForm
  headline: CardHeading
  settings: CardHeading
  /** The settings card's fields. */
  children: React.ReactNode
}) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
      <EditorCard title={headline.title} icon={headline.icon} className="xl:col-span-2">
        <HeadlineFields form={form} />
      </EditorCard>
      <div className="grid gap-6">
        <EditorCard title={settings.title} icon={settings.icon}>
          {children}
        </EditorCard>
        <PostSeoAssistant form={form} />
      </div>
    </div>
  )
}

/** The form element of both editor forms: Enter in a field saves as the form's main button does. */
export function EditorFormElement({
  label,
  onSave,
  children,
}: {
  label: string
  onSave: () => void
  children: React.ReactNode
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        onSave()
      }}
      className="grid grid-cols-1 gap-6"
    >
      {children}
    </form>
  )
}
