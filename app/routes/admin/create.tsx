import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { AiGenerationTab } from '#app/features/ai/ai-generation-tab.tsx'
import { AiRewriterTab } from '#app/features/ai/ai-rewriter-tab.tsx'
import type { CreatePost } from '#app/features/ai/queries.ts'
import { CreatePostScreen } from '#app/features/editor/create-post-screen.tsx'
import { useCreatePost } from '#app/features/posts/queries.ts'
import type { Route } from './+types/create'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Create Blog Post')

/** SPEC §2 Create post: the editor's screen with the ai feature's two tabs, saving through posts. */
export default function CreatePostPage() {
  const create = useCreatePost()
  const createPost: CreatePost = (input) => create.mutateAsync(input)
  return (
    <CreatePostScreen
      aiGeneration={<AiGenerationTab createPost={createPost} />}
      aiRewriter={<AiRewriterTab createPost={createPost} />}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} />
}
