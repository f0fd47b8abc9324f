import { adminMeta } from '#app/features/admin/use-site.ts'
import { CreatePostScreen } from '#app/features/editor/create-post-screen.tsx'
import type { Route } from './+types/create'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Create Blog Post')

export default function CreatePostPage() {
  return <CreatePostScreen />
}
