import { useController, useWatch } from 'react-hook-form'
import { ChipListInput } from '#app/components/ui/chip-list-input.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type EditorForm, followSlug } from '#app/features/editor/post-form.ts'
import { AUTHOR_MAX, CATEGORIES, EXCERPT_MAX, SLUG_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from '#common/limits.ts'
import { categoryLabel } from '#common/text-rules.ts'

export function TitleField({ form }: { form: EditorForm }) {
  const { onChange, ...title } = form.register('title')
  return (
    <FormField id="title" label="Title" error={form.formState.errors.title?.message}>
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
    </FormField>
  )
}

export function SlugField({ form }: { form: EditorForm }) {
  const slug = useWatch({ control: form.control, name: 'slug' })
  return (
    <FormField
      id="slug"
      label="Slug"
      error={form.formState.errors.slug?.message}
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
    </FormField>
  )
}

export function ExcerptField({ form }: { form: EditorForm }) {
  return (
    <FormField
      id="excerpt"
      label="Excerpt"
      optional
      error={form.formState.errors.excerpt?.message}
      hint="Shown on the blog list and in link previews. One or two sentences."
    >
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
    </FormField>
  )
}

export function CategoryField({ form }: { form: EditorForm }) {
  const { field, fieldState } = useController({ control: form.control, name: 'category' })
  const known = (CATEGORIES as readonly string[]).includes(field.value)
  return (
    <FormField id="category" label="Category" error={fieldState.error?.message}>
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

export function AuthorField({ form, defaultAuthor }: { form: EditorForm; defaultAuthor: string }) {
  return (
    <FormField
      id="author"
      label="Author"
      error={form.formState.errors.author?.message}
      hint={`Left empty, the post is signed ${defaultAuthor}.`}
    >
      {(control) => (
        <Input {...control} {...form.register('author')} maxLength={AUTHOR_MAX} placeholder={defaultAuthor} />
      )}
    </FormField>
  )
}

export function FeaturedImageField({ form }: { form: EditorForm }) {
  return (
    <FormField
      id="featuredImage"
      label="Featured Image URL"
      optional
      error={form.formState.errors.featuredImage?.message}
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
    </FormField>
  )
}

export function TagsField({ form }: { form: EditorForm }) {
  const { field, fieldState } = useController({ control: form.control, name: 'tags' })
  return (
    <ChipListInput
      id="tags"
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

export function PublishedField({ form }: { form: EditorForm }) {
  const { field } = useController({ control: form.control, name: 'isPublished' })
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border bg-slate-50 px-4 py-3">
      <div className="grid gap-1">
        <Label htmlFor="isPublished" className="text-slate-800">
          Published
        </Label>
        <p id="isPublished-hint" className="text-xs text-muted-foreground">
          {field.value ? 'Visible on the public blog.' : 'A draft: only admins can see it.'}
        </p>
      </div>
      <Switch
        id="isPublished"
        ref={field.ref}
        checked={field.value}
        onCheckedChange={field.onChange}
        aria-describedby="isPublished-hint"
      />
    </div>
  )
}
