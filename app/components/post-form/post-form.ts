import { zodResolver } from '@hookform/resolvers/zod'
import { type FieldPath, type Resolver, type UseFormReturn, useForm } from 'react-hook-form'
import { ApiError } from '#app/lib/api-client.ts'
import { type Post, PostInput, type PostValues } from '#common/contract/posts.ts'
import { followedSlug } from '#common/text-rules.ts'

/** What the form holds: every text field as a string (the contract turns '' into null). */
export interface EditorValues {
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string
  images: string[]
  category: string
  tags: string[]
  author: string
  isPublished: boolean
  aiGenerated: boolean
  /** Alt text by image address ('' = decorative on purpose; no entry = not written yet). */
  imageAlts: Record<string, string>
  /** Issue 32: the SEO assistant's focus keyword ('' = none), saved with the post. */
  focusKeyword: string
}

export type EditorForm = UseFormReturn<EditorValues, unknown, PostValues>

// A form field the contract does not know would never reach the server: a compile error here.
type NotInContract = Exclude<keyof EditorValues, keyof PostValues>
const _everyFieldInContract: NotInContract extends never ? true : NotInContract = true

// PostInput accepts every EditorValues (strings where it also takes null), so the cast only
// narrows the resolver's input type to what the form holds; the output is the contract's.
const contractResolver = zodResolver(PostInput) as unknown as Resolver<EditorValues, unknown, PostValues>

/** Alt texts of images no longer in the post are not saved (the contract bounds their number). */
export function keptAlts(values: Pick<EditorValues, 'featuredImage' | 'images' | 'imageAlts'>) {
  const shown = new Set([values.featuredImage.trim(), ...values.images])
  return Object.fromEntries(Object.entries(values.imageAlts ?? {}).filter(([url]) => shown.has(url)))
}

const editorResolver: Resolver<EditorValues, unknown, PostValues> = (values, context, options) =>
  contractResolver({ ...values, imageAlts: keptAlts(values) }, context, options)

/** A post form checked by the contract: what every screen that edits a post holds. */
export function usePostForm(defaultValues: EditorValues): EditorForm {
  return useForm<EditorValues, unknown, PostValues>({ resolver: editorResolver, defaultValues })
}

export const DEFAULT_CATEGORY = 'technology'

export function emptyValues(author: string): EditorValues {
  return {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    featuredImage: '',
    images: [],
    category: DEFAULT_CATEGORY,
    tags: [],
    author,
    isPublished: false,
    aiGenerated: false,
    imageAlts: {},
    focusKeyword: '',
  }
}

export function valuesFromPost(post: Post): EditorValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    content: post.content,
    featuredImage: post.featuredImage ?? '',
    images: post.images,
    category: post.category ?? '',
    tags: post.tags,
    author: post.author ?? '',
    isPublished: post.isPublished,
    aiGenerated: post.aiGenerated,
    imageAlts: post.imageAlts,
    focusKeyword: post.focusKeyword ?? '',
  }
}

/** Every field the form holds, from its own values: a field added there gets the server's messages too. */
const FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(emptyValues('')))

/** Puts the server's per-field messages next to their fields; answers the server's sentence. */
export function applyApiError(form: EditorForm, error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  for (const [path, message] of Object.entries(error.fields)) {
    const name = path.split('.')[0] ?? ''
    if (FIELD_NAMES.has(name)) form.setError(name as FieldPath<EditorValues>, { type: 'server', message })
  }
  return error.serverMessage
}

/**
 * docs/product.md §2 (edit post): editing the title moves the slug along only while the slug is empty or
 * still equals the slug of the previous title.
 */
export function followSlug(form: EditorForm, previousTitle: string, nextTitle: string) {
  const slug = followedSlug(form.getValues('slug'), previousTitle, nextTitle)
  if (slug !== null) form.setValue('slug', slug, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
}
