import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { PostFigures } from '#app/features/analytics/post-figures.tsx'
import { EditPostScreen } from '#app/features/editor/edit-post-screen.tsx'
import { XPublishingPanel } from '#app/features/xposts/x-publishing-panel.tsx'
import type { Route } from './+types/edit'

export { loader } from './edit.server.ts'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Edit Blog Post')

export default function EditPostPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditPostScreen
      key={loaderData.id ?? 'invalid'}
      id={loaderData.id}
      xPanel={(post) => <XPublishingPanel blogPostId={post.id} article={post} />}
      figures={(post) => <PostFigures postId={post.id} />}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
