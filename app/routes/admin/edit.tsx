import { useQuery } from '@tanstack/react-query'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { PostFigures } from '#app/features/analytics/post-figures.tsx'
import { EditPostScreen } from '#app/features/editor/edit-post-screen.tsx'
import { PostAuthorsField } from '#app/features/profile/post-authors-field.tsx'
import { meOptions } from '#app/features/staff/queries.ts'
import { XPublishingPanel } from '#app/features/xposts/x-publishing-panel.tsx'
import type { Route } from './+types/edit'

export { loader } from './edit.server.ts'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Edit Blog Post')

export default function EditPostPage({ loaderData }: Route.ComponentProps) {
  // Issue 28: only those who may change any post set its authors; the API refuses the others too.
  const me = useQuery(meOptions())
  const canSetAuthors = me.data?.permissions.includes('anyPost') ?? false
  return (
    <EditPostScreen
      key={loaderData.id ?? 'invalid'}
      id={loaderData.id}
      xPanel={(post) => <XPublishingPanel blogPostId={post.id} article={post} />}
      figures={(post) => (
        <>
          <PostAuthorsField postId={post.id} canSet={canSetAuthors} />
          <PostFigures postId={post.id} />
        </>
      )}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
