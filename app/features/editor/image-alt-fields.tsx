import { SparklesIcon } from 'lucide-react'
import { useId } from 'react'
import { useWatch } from 'react-hook-form'
import type { EditorForm } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useSuggestAltText } from '#app/features/editor/queries.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import { ALT_MAX } from '#common/limits.ts'

/** Our own uploads have a small ?w= WebP variant. */
const thumbnail = (url: string) => (/^\/images\/[0-9a-f]{64}\.\w+$/.test(url) ? `${url}?w=160` : url)

/**
 * Issue 15 §3: the alt text of the featured image and of each listed image, kept in the form's
 * `imageAlts` by address and saved with the post. Images in the markdown carry theirs in `![alt](…)`.
 */
export function ImageAltFields({ form }: { form: EditorForm }) {
  const [images, featuredImage, imageAlts] = useWatch({
    control: form.control,
    name: ['images', 'featuredImage', 'imageAlts'],
  })
  const featured = featuredImage.trim()
  const urls = [...new Set([featured, ...images].filter((u) => u !== ''))]
  if (urls.length === 0) return null

  const setAlt = (url: string, alt: string) =>
    form.setValue('imageAlts', { ...form.getValues('imageAlts'), [url]: alt }, { shouldDirty: true })

  return (
    <ul className="grid gap-3" aria-label="Alt text of the images">
      {urls.map((url) => (
        <AltRow
          key={url}
          url={url}
          name={url === featured ? 'Featured image' : `Image ${images.indexOf(url) + 1}`}
          alt={imageAlts?.[url] ?? ''}
          onChange={(alt) => setAlt(url, alt)}
        />
      ))}
    </ul>
  )
}

function AltRow({
  url,
  name,
  alt,
  onChange,
}: {
  url: string
  name: string
  alt: string
  onChange: (alt: string) => void
}) {
  const suggest = useSuggestAltText()
  const id = useId()
  const onSuggest = () =>
    suggest.mutate(url, {
      onSuccess: (text) => {
        onChange(text)
        toast({ title: 'Alt text suggested', description: 'Check that it says what matters in this post.' })
      },
      onError: (error) =>
        toast({
          title: 'The alt text suggestion failed',
          description: (error instanceof ApiError && error.serverMessage) || 'The request failed. Please try again.',
          variant: 'destructive',
        }),
    })
  return (
    <li>
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border bg-white p-3 sm:flex-row sm:items-start">
        <legend className="sr-only">{name}</legend>
        <img
          src={thumbnail(url)}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-24 shrink-0 rounded-md bg-slate-100 object-cover"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <p aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            {name}
          </p>
          <FormField id={id} label="Alt text" hint="Leave empty only for a decorative image">
            {(control) => (
              <Input
                {...control}
                value={alt}
                maxLength={ALT_MAX}
                onChange={(e) => onChange(e.currentTarget.value)}
                placeholder="What the image shows"
              />
            )}
          </FormField>
          <div>
            <Button type="button" variant="outline" size="sm" disabled={suggest.isPending} onClick={onSuggest}>
              <SparklesIcon aria-hidden="true" />
              {suggest.isPending ? 'Suggesting…' : 'Suggest alt text'}
            </Button>
          </div>
        </div>
      </fieldset>
    </li>
  )
}
