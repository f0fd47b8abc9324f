import { z } from 'zod'
// For its zod configuration (jitless), which must run before any parse.
import '#common/contract/errors.ts'

export const ImageUploadInput = z.object({
  imageData: z.string({ error: 'imageData is required' }).min(1, 'imageData is required'),
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(255, 'Must be at most 255 characters'),
})

export const ImageUploadResponse = z.object({ success: z.literal(true), imageUrl: z.string(), fileName: z.string() })

export const imageTooLarge = (name: string) => `${name}: Image must be smaller than 5MB`
export const notAnImage = (name: string) => `${name}: Only image files are allowed`
export const tooManyPixels = (name: string) =>
  `${name}: The image is too large to process (at most 100 million pixels, all frames counted)`
