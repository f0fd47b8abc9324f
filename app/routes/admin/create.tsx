import { adminMeta } from '#app/features/admin/admin-meta.ts'
import { AdminRouteError } from '#app/features/admin/admin-route-error.tsx'
import { AiGenerationTab } from '#app/features/ai/ai-generation-tab.tsx'
import { AiRewriterTab } from '#app/features/ai/ai-rewriter-tab.tsx'
import { CreatePostScreen } from '#app/features/editor/create-post-screen.tsx'
import type { Route } from './+types/create'

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Create Blog Post')

/** docs/product.md §2 Create post: the editor's screen with the ai feature's two tabs (each saves through useSavePost). */
export default function CreatePostPage() {
  return <CreatePostScreen aiGeneration={<AiGenerationTab />} aiRewriter={<AiRewriterTab />} />
}

export const ErrorBoundary = AdminRouteError
