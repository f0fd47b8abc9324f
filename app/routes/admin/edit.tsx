import { useQuery } from '@tanstack/react-query'
import { PromotePanel } from '#app/components/promotion/promote-panel.tsx'
import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { PostFigures } from '#app/features/analytics/post-figures.tsx'
import { EditPostScreen } from '#app/features/editor/edit-post-screen.tsx'
import { NewsletterPanel } from '#app/features/newsletters/newsletter-panel.tsx'
import { PostAuthorsField } from '#app/features/profile/post-authors-field.tsx'
import { GenerateEveryNetwork, SocialPanel } from '#app/features/social/social-panel.tsx'
import { XPublishingPanel } from '#app/features/xposts/x-publishing-panel.tsx'
import { mayDo, meOptions } from '#app/lib/admin-me.ts'
import type { Route } from './+types/edit'

export { loader } from './edit.server.ts'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Edit Blog Post')

export default function EditPostPage({ loaderData }: Route.ComponentProps) {
  // Issue 28: Editors and above set a post's authors and send a post waiting for review back to its
  // writer from here (the API refuses the others too).
  const me = useQuery(meOptions())
  const editor = mayDo(me.data, 'anyPost')
  return (
    <EditPostScreen
      key={loaderData.id ?? 'invalid'}
      id={loaderData.id}
      reviewer={editor}
      // Issue 30: 'Send as newsletter' and the Newsletter panel, for those who may send newsletters.
      newsletters={mayDo(me.data, 'newsletters')}
      newsletterPanel={(post) => (mayDo(me.data, 'newsletters') ? <NewsletterPanel post={post} /> : null)}
      xPanel={(post) => (
        // Issue 29: one Promote panel, a row per network, X's first.
        <PromotePanel generateAll={(prompt) => <GenerateEveryNetwork blogPostId={post.id} prompt={prompt} />}>
          {(prompt) => (
            <>
              <XPublishingPanel blogPostId={post.id} article={post} prompt={prompt} />
              <SocialPanel blogPostId={post.id} article={post} prompt={prompt} />
            </>
          )}
        </PromotePanel>
      )}
      figures={(post) => (
        <>
          <PostAuthorsField postId={post.id} canSet={editor} />
          {/* Leads are personal data: only roles that may see analytics get the figures. */}
          {mayDo(me.data, 'leads') && <PostFigures postId={post.id} />}
        </>
      )}
    />
  )
}

export const ErrorBoundary = AdminRouteError
