import { imageTooLarge, notAnImage } from '#common/contract/images.ts'
import { IMAGES_MAX, isImageTooLarge } from '#common/limits.ts'

export const MAX_IMAGES_MESSAGE = `Maximum ${IMAGES_MAX} images allowed`
export const PROCESS_FAILED_MESSAGE = 'Failed to process images'

/**
 * docs/product.md §5 images: which files of a batch may be uploaded with `room` places left, and a message
 * for each one that may not (the maximum is said once however many files overflow it).
 */
export function screenImageFiles(files: readonly File[], room: number): { accepted: File[]; refused: string[] } {
  const accepted: File[] = []
  const refused: string[] = []
  let left = room
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push(notAnImage(file.name))
    else if (isImageTooLarge(file.size)) refused.push(imageTooLarge(file.name))
    else if (left <= 0) {
      if (!refused.includes(MAX_IMAGES_MESSAGE)) refused.push(MAX_IMAGES_MESSAGE)
    } else {
      left--
      accepted.push(file)
    }
  }
  return { accepted, refused }
}

/**
 * One dropped or browsed batch: the refusals are reported together, the rest upload in parallel.
 * `upload` reports its own per-file failures (read, refusal, no answer); anything that still
 * escapes it is not about one file, so the batch ends with docs/product.md §8's 'Failed to process images'
 * rather than in silence with its progress tiles gone.
 */
export async function processImageFiles(
  files: readonly File[],
  room: number,
  upload: (file: File) => Promise<void>,
  report: (messages: string[]) => void,
): Promise<void> {
  try {
    const { accepted, refused } = screenImageFiles(files, room)
    if (refused.length > 0) report(refused)
    await Promise.all(accepted.map((file) => upload(file)))
  } catch {
    report([PROCESS_FAILED_MESSAGE])
  }
}

/**
 * Hands results to `emit` in the order their slots were taken, whatever order they finish in:
 * uploads run side by side, but a batch joins the post in the order it was picked (the first
 * picked becomes the featured image). A slot given null (a failed upload) is skipped.
 */
export function inPickOrder<T>(emit: (value: T) => void): () => (value: T | null) => void {
  const results: { value: T | null; done: boolean }[] = []
  let next = 0
  return () => {
    const slot = { value: null as T | null, done: false }
    results.push(slot)
    return (value) => {
      if (slot.done) return
      slot.value = value
      slot.done = true
      while (next < results.length && results[next]?.done) {
        const ready = results[next++]?.value
        if (ready !== null && ready !== undefined) emit(ready)
      }
    }
  }
}
