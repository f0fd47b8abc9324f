import { PenLineIcon, SparklesIcon, WandSparklesIcon } from 'lucide-react'
import { useState } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { EditorPage } from '#app/features/editor/editor-page.tsx'
import { ManualWritingForm } from '#app/features/editor/manual-writing-form.tsx'

type Tab = 'manual' | 'ai-generation' | 'ai-rewriter'

/**
 * docs/product.md §2 Create post: three tabs. Manual Writing lives here; the two AI tabs come from the ai
 * feature through the route module (features never import each other).
 */
export function CreatePostScreen({
  aiGeneration,
  aiRewriter,
}: {
  aiGeneration: React.ReactNode
  aiRewriter: React.ReactNode
}) {
  // An AI tab stays mounted (only hidden) once opened: a generated post or a rewrite survives a
  // look at another tab. Until then it is not rendered at all.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set<Tab>(['manual']))
  const keep = (tab: Tab) => (opened.has(tab) ? true : undefined)
  return (
    <EditorPage
      title="Create New Blog Post"
      description="Write it yourself, generate it with AI, or have AI rewrite an article from a link."
    >
      <Tabs
        defaultValue="manual"
        onValueChange={(value) =>
          setOpened((prev) => (prev.has(value as Tab) ? prev : new Set(prev).add(value as Tab)))
        }
      >
        <TabsList
          className="h-auto w-full flex-wrap justify-start gap-1 bg-slate-200/70 sm:w-auto"
          aria-label="How to create the post"
        >
          <TabsTrigger value="manual" className="px-4 py-2">
            <PenLineIcon aria-hidden="true" />
            Manual Writing
          </TabsTrigger>
          <TabsTrigger value="ai-generation" className="px-4 py-2">
            <SparklesIcon aria-hidden="true" />
            AI Generation
          </TabsTrigger>
          <TabsTrigger value="ai-rewriter" className="px-4 py-2">
            <WandSparklesIcon aria-hidden="true" />
            AI Rewriter
          </TabsTrigger>
        </TabsList>
        <TabsContent value="manual" className="mt-6">
          <ManualWritingForm />
        </TabsContent>
        <TabsContent
          value="ai-generation"
          forceMount={keep('ai-generation')}
          className="mt-6 data-[state=inactive]:hidden"
        >
          {aiGeneration}
        </TabsContent>
        <TabsContent value="ai-rewriter" forceMount={keep('ai-rewriter')} className="mt-6 data-[state=inactive]:hidden">
          {aiRewriter}
        </TabsContent>
      </Tabs>
    </EditorPage>
  )
}
