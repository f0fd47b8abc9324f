import { adminMeta } from '#app/features/admin/use-site.ts'
import { EditPostScreen } from '#app/features/editor/edit-post-screen.tsx'
import type { Route } from './+types/edit'

export { loader } from './edit.server.ts'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Edit Blog Post')

export default function EditPostPage({ loaderData }: Route.ComponentProps) {
  return <EditPostScreen key={loaderData.id ?? 'invalid'} id={loaderData.id} />
}
