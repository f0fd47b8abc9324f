import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { PostArticle } from '#app/features/blog/post-article.tsx'
import { SharePreview } from '#app/features/editor/share-preview.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import type { Route } from './+types/post-preview'

export { action, loader } from './post-preview.server.ts'

// Sent as the public post page is: without React, with its island script, which counts nothing
// here (`preview`). docs/decisions/043, 053
export const handle: RouteHandle = { hydrate: false, preview: true }

export const meta: Route.MetaFunction = () => [{ title: 'Preview' }, { name: 'robots', content: 'noindex, nofollow' }]

// Unsaved text of one person: never kept by a browser or a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** Issue 32: the editor's Preview, shown in its iframe. */
export default function PostPreviewPage({ actionData }: Route.ComponentProps) {
  if (actionData && 'view' in actionData) {
    if (actionData.view === 'share') return <SharePreview card={actionData.share} />
    return (
      <SiteLayout>
        <PostArticle post={actionData.post} />
      </SiteLayout>
    )
  }
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl place-content-center gap-2 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Preview</h1>
      <p role={actionData ? 'alert' : undefined} className="text-slate-600">
        {actionData?.error ?? 'Open Preview from the post editor to see a post here before it is saved.'}
      </p>
    </main>
  )
}
