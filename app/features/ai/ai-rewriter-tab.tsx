import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { LinkIcon, WandSparklesIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { AiStatusSkeleton } from '#app/features/ai/ai-status-skeleton.tsx'
import { isNetworkError, serverSentence } from '#app/features/ai/messages.ts'
import { aiStatusOptions, useRewriteArticle } from '#app/features/ai/queries.ts'
import { RewriteResultCard } from '#app/features/ai/rewrite-result-card.tsx'
import { SetupHint } from '#app/features/ai/setup-hint.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import { REWRITE_FAILED, REWRITE_NETWORK_FAILED, RewriteInput, type RewriteResult } from '#common/contract/ai.ts'
import { IMAGE_URL_MAX } from '#common/limits.ts'

/**
 * docs/product.md §2 Create post — AI Rewriter: an article address in, an original post in our voice out,
 * then Generate Image, Save Draft or Publish Now. Without AI configured, the setup hint.
 */
export function AiRewriterTab() {
  const status = useQuery(aiStatusOptions())
  if (status.isPending) return <AiStatusSkeleton label="Checking the AI setup…" />
  if (status.data?.configured === false) return <SetupHint feature="AI Rewriter" />
  return <Rewriter />
}

function Rewriter() {
  const form = useForm<RewriteInput>({ resolver: zodResolver(RewriteInput), defaultValues: { url: '' } })
  const url = useWatch({ control: form.control, name: 'url' })
  const rewrite = useRewriteArticle()
  const [result, setResult] = useState<{ article: RewriteResult; key: number } | null>(null)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  const runs = useRef(0)

  const onSubmit = form.handleSubmit(async ({ url }) => {
    try {
      const article = await rewrite.mutateAsync(url)
      setResult({ article, key: ++runs.current })
      toast({ title: 'Article Rewritten', description: `"${article.title}" is ready to review.` })
      requestAnimationFrame(() => {
        resultHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
        resultHeading.current?.focus({ preventScroll: true })
      })
    } catch (error) {
      // Each error once: beside the address when it is about the address, else as a toast.
      if (error instanceof ApiError && error.fields.url) {
        form.setError('url', { type: 'server', message: error.fields.url }, { shouldFocus: true })
        return
      }
      toast({
        title: 'Error',
        description: isNetworkError(error) ? REWRITE_NETWORK_FAILED : (serverSentence(error) ?? REWRITE_FAILED),
        variant: 'destructive',
      })
    }
  })

  const error = form.formState.errors.url?.message
  return (
    <div className="grid gap-6">
      <SectionCard
        headingId="rewriter-heading"
        icon={<WandSparklesIcon />}
        title="Rewrite an article"
        description="Paste the address of an article. AI reads it and writes an original post in your voice: new structure and wording, the facts kept."
      >
        <form noValidate aria-label="Rewrite an article" onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="rewrite-url"
            label="Article URL"
            error={error}
            hint="A public http:// or https:// page. The source is kept on the saved post."
          >
            {(control) => (
              <div className="relative">
                <LinkIcon
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  {...control}
                  {...form.register('url')}
                  type="url"
                  inputMode="url"
                  maxLength={IMAGE_URL_MAX}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder="https://example.com/news/an-article"
                  className="pl-9"
                />
              </div>
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="gradient" disabled={url.trim() === '' || rewrite.isPending}>
              <BusyIcon busy={rewrite.isPending} icon={WandSparklesIcon} />
              {rewrite.isPending ? 'Rewriting Article...' : 'Rewrite Article'}
            </Button>
          </div>
        </form>
        <p className="sr-only" role="status" aria-live="polite">
          {rewrite.isPending ? 'Rewriting the article…' : result ? `Rewritten: ${result.article.title}` : ''}
        </p>
      </SectionCard>
      {result && <RewriteResultCard key={result.key} article={result.article} headingRef={resultHeading} />}
    </div>
  )
}
