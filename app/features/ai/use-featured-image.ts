import { isNetworkError, serverSentence } from '#app/features/ai/messages.ts'
import { useGenerateImage } from '#app/features/ai/queries.ts'
import { toast } from '#app/lib/toast.ts'
import { IMAGE_FAILED, IMAGE_NEEDS_CONTENT, IMAGE_NETWORK_FAILED, IMAGE_PROMPT_MAX } from '#common/contract/ai.ts'

/**
 * 'Generate Image' with the toasts of docs/product.md §5/§8: both title and excerpt are needed; a refused
 * call says 'Failed to generate image.', a call that got no answer the 20-30 s sentence.
 */
export function useFeaturedImage() {
  const mutation = useGenerateImage()
  const generate = async (post: { title: string; excerpt: string }): Promise<string | null> => {
    const title = post.title.trim()
    const description = post.excerpt.trim().slice(0, IMAGE_PROMPT_MAX)
    if (title === '' || description === '') {
      toast({ title: 'Error', description: IMAGE_NEEDS_CONTENT, variant: 'destructive' })
      return null
    }
    try {
      const image = await mutation.mutateAsync({ title, description })
      toast({ title: 'Image Generated', description: image.message })
      return image.url
    } catch (error) {
      toast({
        title: 'Error',
        description: isNetworkError(error) ? IMAGE_NETWORK_FAILED : IMAGE_FAILED,
        variant: 'destructive',
      })
      return null
    }
  }
  return {
    generate,
    pending: mutation.isPending,
    /** Which kind of picture the last call made ('model' or the branded 'cover'), and why. */
    message: mutation.data?.message ?? null,
    /** The server's reason for the last refusal, shown beside the button (the toast keeps the spec's words). */
    failure: mutation.isError ? serverSentence(mutation.error) : null,
  }
}

export type FeaturedImage = ReturnType<typeof useFeaturedImage>
