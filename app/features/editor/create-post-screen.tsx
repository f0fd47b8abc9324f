import { PenLineIcon, SparklesIcon, WandSparklesIcon } from 'lucide-react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { EditorPage } from '#app/features/editor/editor-page.tsx'
import { ManualWritingForm } from '#app/features/editor/manual-writing-form.tsx'

/** SPEC §2 Create post: three tabs; Manual Writing here, the two AI tabs in issue #4. */
export function CreatePostScreen() {
  return (
    <EditorPage
      title="Create New Blog Post"
      description="Write it yourself, generate it with AI, or have AI rewrite an article from a link."
    >
      <Tabs defaultValue="manual">
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
        <TabsContent value="ai-generation" className="mt-6">
          {/* issue #4: AI Generation tab */}
          <ComingNext
            icon={<SparklesIcon />}
            title="AI Generation comes next"
            text="Turn keywords into trending topic ideas, then into a full post with a featured image, ready to review. Until it arrives, write your post in Manual Writing."
          />
        </TabsContent>
        <TabsContent value="ai-rewriter" className="mt-6">
          {/* issue #4: AI Rewriter tab */}
          <ComingNext
            icon={<WandSparklesIcon />}
            title="AI Rewriter comes next"
            text="Paste the address of an article and get a fresh post in your own voice, with tags and an optional image. Until it arrives, paste the text into Manual Writing: it is cleaned up and converted for you."
          />
        </TabsContent>
      </Tabs>
    </EditorPage>
  )
}

/** A clearly marked place for a feature of a later issue. */
export function ComingNext({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-violet-300 bg-white px-6 py-14 text-center shadow-sm"
    >
      <span
        className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-violet-100 to-pink-100 text-violet-700 [&_svg]:size-6"
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
        Coming next
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="max-w-xl text-sm text-muted-foreground">{text}</p>
    </section>
  )
}
