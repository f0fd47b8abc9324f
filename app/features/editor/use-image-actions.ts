import type { EditorForm } from '#app/components/post-form/post-form.ts'

/**
 * The image manager's changes applied to the form. Values are read at call time: several uploads
 * finish independently and each must see the others' results.
 */
export function useImageActions(form: EditorForm) {
  const options = { shouldDirty: true }
  return {
    onAdd(url: string) {
      const images = form.getValues('images')
      if (!images.includes(url)) form.setValue('images', [...images, url], options)
      // The first image becomes the featured one unless one is chosen already.
      if (form.getValues('featuredImage').trim() === '') form.setValue('featuredImage', url, options)
    },
    onRemove(url: string) {
      form.setValue(
        'images',
        form.getValues('images').filter((u) => u !== url),
        options,
      )
      if (form.getValues('featuredImage') === url) form.setValue('featuredImage', '', options)
    },
    onSetFeatured(url: string) {
      form.setValue('featuredImage', url, options)
    },
  }
}
