import { CreatePostScreen } from '#app/features/editor/create-post-screen.tsx'
import type { Route } from './+types/create'

export const meta: Route.MetaFunction = () => [{ title: 'Create Blog Post · Admin' }]

export default function CreatePostPage() {
  return <CreatePostScreen />
}
