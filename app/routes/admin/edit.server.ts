import { data } from 'react-router'
import { PostId } from '#common/contract/posts.ts'
import type { Route } from './+types/edit'

/** Only the id is checked here; the post itself is loaded by the screen (docs/product.md §2: loading skeleton). */
export function loader({ params }: Route.LoaderArgs) {
  const parsed = PostId.safeParse({ id: params.id })
  if (!parsed.success) return data({ id: null }, { status: 404 })
  return { id: parsed.data.id }
}
