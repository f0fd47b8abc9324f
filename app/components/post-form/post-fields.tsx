import { useController, useWatch } from 'react-hook-form'
import { type EditorForm, followSlug } from '#app/components/post-form/post-form.ts'
import { ChipListInput } from '#app/components/ui/chip-list-input.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { AUTHOR_MAX, CATEGORIES, EXCERPT_MAX, SLUG_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from '#common/limits.ts'
import { categoryLabel } from '#common/text-rules.ts'

export interface FieldProps {
  form: EditorForm
  /** Set where two forms can share a page (the AI tabs): ids stay unique. */
  idPrefix?: string
}

const fieldId = (idPrefix: string | undefined, name: string) => (idPrefix ? `${idPrefix}-${name}` : name)

type TextFieldName = 'title' | 'slug' | 'excerpt' | 'author' | 'featuredImage'

/** One post field's label, hint and error, wired by the field's name: each field below is only its input. */
function PostField({
  form,
  idPrefix,
  name,
  ...field
}: FieldProps & { name: TextFieldName } & Omit<React.ComponentProps<typeof FormField>, 'id' | 'error'>) {
  return <FormField id={fieldId(idPrefix, name)} error={form.formState.errors[name]?.message} {...field} />
}

export function TitleField({ form, idPrefix }: FieldProps) {
  const { onChange, ...title } = form.register('title')
  return (
    <PostField form={form} idPrefix={idPrefix} name="title" label="Title">
      {(control) => (
        <Input
          {...control}
          {...title}
          maxLength={TITLE_MAX}
          autoComplete="off"
          placeholder="A clear, specific headline"
          className="text-base font-medium md:text-base"
          onChange={(event) => {
            const previous = form.getValues('title')
            const result = onChange(event)
            followSlug(form, previous, event.target.value)
            return result
          }}
        />
      )}
    </PostField>
  )
}

export function SlugField({ form, idPrefix }: FieldProps) {
  const slug = useWatch({ control: form.control, name: 'slug' })
  return (
    <PostField
      form={form}
      idPrefix={idPrefix}
      name="slug"
      label="Slug"
      hint={
        <>
          The address of the post: <span className="font-mono text-slate-700">/blog/{slug || 'your-slug'}</span>. A
          duplicate slug gets a number added (-1, -2).
        </>
      }
    >
      {(control) => (
        <Input
          {...control}
          {...form.register('slug')}
          maxLength={SLUG_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="your-post-slug"
          className="font-mono"
        />
      )}
    </PostField>
  )
}

export function ExcerptField({
  form,
  idPrefix,
  hint = 'Shown on the blog list and in link previews. One or two sentences.',
}: FieldProps & { hint?: string }) {
  return (
    <PostField form={form} idPrefix={idPrefix} name="excerpt" label="Excerpt" optional hint={hint}>
      {(control) => (
        <Textarea
          {...control}
          {...form.register('excerpt')}
          maxLength={EXCERPT_MAX}
          rows={3}
          placeholder="A short summary that makes people want to read on"
          className="min-h-20"
        />
      )}
    </PostField>
  )
}

/**
 * What the reader sees first: title, slug and excerpt, in the order every post form shows them.
 * A new text field of posts goes here once, not into each form.
 */
export function HeadlineFields({ form, idPrefix, excerptHint }: FieldProps & { excerptHint?: string }) {
  return (
    <>
      <TitleField form={form} idPrefix={idPrefix} />
      <SlugField form={form} idPrefix={idPrefix} />
      <ExcerptField form={form} idPrefix={idPrefix} {...(excerptHint ? { hint: excerptHint } : {})} />
    </>
  )
}

/** How the post is filed and signed: category, author and tags, in the order every post form shows them. */
export function MetadataFields({ form, idPrefix, defaultAuthor }: FieldProps & { defaultAuthor: string }) {
  return (
    <>
      <CategoryField form={form} idPrefix={idPrefix} />
      <AuthorField form={form} idPrefix={idPrefix} defaultAuthor={defaultAuthor} />
      <TagsField form={form} idPrefix={idPrefix} />
    </>
  )
}

export function CategoryField({ form, idPrefix }: FieldProps) {
  const { field, fieldState } = useController({ control: form.control, name: 'category' })
  const known = (CATEGORIES as readonly string[]).includes(field.value)
  return (
    <FormField id={fieldId(idPrefix, 'category')} label="Category" error={fieldState.error?.message}>
      {(control) => (
        <Select value={field.value || undefined} onValueChange={field.onChange} name={field.name}>
          <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue placeholder="Choose a category" />
          </SelectTrigger>
          <SelectContent>
            {CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {categoryLabel(c)}
              </SelectItem>
            ))}
            {!known && field.value && <SelectItem value={field.value}>{categoryLabel(field.value)}</SelectItem>}
          </SelectContent>
        </Select>
      )}
    </FormField>
  )
}

export function AuthorField({ form, idPrefix, defaultAuthor }: FieldProps & { defaultAuthor: string }) {
  return (
    <PostField
      form={form}
      idPrefix={idPrefix}
      name="author"
      label="Author"
      hint={`For a guest. Left empty, the post is signed by its authors below (or ${defaultAuthor} when it has none).`}
    >
      {(control) => (
        <Input {...control} {...form.register('author')} maxLength={AUTHOR_MAX} placeholder={defaultAuthor} />
      )}
    </PostField>
  )
}

export function FeaturedImageField({ form, idPrefix }: FieldProps) {
  return (
    <PostField
      form={form}
      idPrefix={idPrefix}
      name="featuredImage"
      label="Featured Image URL"
      optional
      hint="An https:// address or a path on this site. Uploaded images can be made featured below."
    >
      {(control) => (
        <Input
          {...control}
          {...form.register('featuredImage')}
          inputMode="url"
          spellCheck={false}
          placeholder="https://… or /images/…"
        />
      )}
    </PostField>
  )
}

export function TagsField({ form, idPrefix }: FieldProps) {
  const { field, fieldState } = useController({ control: form.control, name: 'tags' })
  return (
    <ChipListInput
      id={fieldId(idPrefix, 'tags')}
      label="Tags"
      itemName="tag"
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      max={TAGS_MAX}
      maxLength={TAG_MAX}
      placeholder="Add a tag and press Enter"
      hint="Press Enter or + to add. Duplicates and blanks are ignored."
    />
  )
}

export function PublishedField({ form, idPrefix }: FieldProps) {
  const { field } = useController({ control: form.control, name: 'isPublished' })
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border bg-slate-50 px-4 py-3">
      <div className="grid gap-1">
        <Label htmlFor={fieldId(idPrefix, 'isPublished')} className="text-slate-800">
          Published
        </Label>
        <p id={fieldId(idPrefix, 'isPublished-hint')} className="text-xs text-muted-foreground">
          {field.value ? 'Visible on the public blog.' : 'A draft: only admins can see it.'}
        </p>
      </div>
      <Switch
        id={fieldId(idPrefix, 'isPublished')}
        ref={field.ref}
        checked={field.value}
        onCheckedChange={field.onChange}
        aria-describedby={fieldId(idPrefix, 'isPublished-hint')}
      />
    </div>
  )
}
