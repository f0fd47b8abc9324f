import { useQuery } from '@tanstack/react-query'
import { MailIcon, SendIcon, TestTubeIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { NewsletterPreviewButton } from '#app/features/newsletters/newsletter-preview-dialog.tsx'
import { NewsletterProgress, NewsletterStateBadge } from '#app/features/newsletters/newsletter-progress.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { formatDate, useReader } from '#app/lib/dates.ts'
import {
  newsletterListOptions,
  postNewsletterOptions,
  useSendNewsletter,
  useTestNewsletter,
} from '#app/lib/newsletter-queries.ts'
import { toast } from '#app/lib/toast.ts'
import {
  NEWSLETTER_PREHEADER_MAX,
  NEWSLETTER_SUBJECT_MAX,
  type Newsletter,
  type NewsletterInput,
} from '#common/contract/newsletters.ts'
import type { Post } from '#common/contract/posts.ts'

export const NEWSLETTER_PANEL_ID = 'newsletter'
const SEND_FAILED = 'The newsletter could not be sent. Please try again.'
const TEST_FAILED = 'The test could not be sent. Please try again.'

/** The server's sentence of a refusal (503 says how to set mail up), or the fallback. */
const wordsOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback

/**
 * Issue 30 (docs/decisions/061-newsletters.md): the edit screen's Newsletter panel: the post's
 * send and its counts (live while it sends or waits), or its subject and preheader, Send, a test
 * to oneself and the preview. No <form>: it sits inside the edit form.
 */
export function NewsletterPanel({
  post,
}: {
  post: Pick<Post, 'id' | 'title' | 'excerpt' | 'isPublished' | 'scheduledAt'>
}) {
  const query = useQuery(postNewsletterOptions(post.id))
  const [problem, setProblem] = useState<string | null>(null)
  const test = useTestNewsletter(post.id)

  const sendTest = () => {
    setProblem(null)
    test.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Test sent', description: answer.message }),
      onError: (error) => {
        const words = wordsOf(error, TEST_FAILED)
        setProblem(words)
        toast({ title: 'Test not sent', description: words, variant: 'destructive' })
      },
    })
  }

  return (
    <SectionCard
      id={NEWSLETTER_PANEL_ID}
      headingId={useId()}
      title="Newsletter"
      description="This post by email to every confirmed subscriber, once each."
      icon={<MailIcon />}
      busy={query.isPending}
    >
      <div className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The newsletter of this post could not be loaded. Reload the page to try again.
          </p>
        ) : query.data.newsletter ? (
          <NewsletterState newsletter={query.data.newsletter} />
        ) : (
          <NewsletterForm post={post} onProblem={setProblem} />
        )}
        {problem && (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={test.isPending} onClick={sendTest}>
            <BusyIcon busy={test.isPending} icon={TestTubeIcon} />
            {test.isPending ? 'Sending test...' : 'Send me a test'}
          </Button>
          <NewsletterPreviewButton postId={post.id} />
        </div>
      </div>
    </SectionCard>
  )
}

function NewsletterState({ newsletter }: { newsletter: Newsletter }) {
  const reader = useReader()
  const list = useQuery(newsletterListOptions())
  const row = list.data?.newsletters.find((n) => n.id === newsletter.id)
  const when = newsletter.startedAt ?? newsletter.sendAt
  return (
    <div className="grid gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <NewsletterStateBadge state={newsletter.state} />
        <span className="text-muted-foreground">
          {newsletter.state === 'scheduled' ? 'Goes out ' : newsletter.state === 'cancelled' ? 'Was due ' : 'Started '}
          <time dateTime={when}>{formatDate(when, 'moment', reader)}</time>
        </span>
      </div>
      <p className="min-w-0 break-words">
        <span className="font-medium text-slate-800">Subject: </span>
        {newsletter.subject}
      </p>
      {row ? (
        <NewsletterProgress counts={row.counts} label={`Sent of ${newsletter.subject}`} />
      ) : (
        list.isPending && <Skeleton className="h-12 w-full" />
      )}
    </div>
  )
}

function NewsletterForm({
  post,
  onProblem,
}: {
  post: Pick<Post, 'id' | 'title' | 'excerpt' | 'isPublished' | 'scheduledAt'>
  onProblem: (words: string | null) => void
}) {
  const [subject, setSubject] = useState('')
  const [preheader, setPreheader] = useState('')
  const [fields, setFields] = useState<Record<string, string>>({})
  const send = useSendNewsletter(post.id)
  const reader = useReader()
  // A scheduled post's newsletter waits for its moment; a draft without one cannot be sent.
  const canSend = post.isPublished || post.scheduledAt !== null

  const submit = () => {
    onProblem(null)
    setFields({})
    const input: NewsletterInput = {}
    if (subject.trim()) input.subject = subject.trim()
    if (preheader.trim()) input.preheader = preheader.trim()
    send.mutate(input, {
      onSuccess: () =>
        toast({
          title: post.isPublished ? 'Newsletter on its way' : 'Newsletter scheduled',
          description: post.isPublished
            ? 'Every confirmed subscriber gets it in the next minutes.'
            : 'It goes to every confirmed subscriber when the post goes live.',
        }),
      onError: (error) => {
        const words = wordsOf(error, SEND_FAILED)
        if (error instanceof ApiError) setFields(error.fields)
        onProblem(words)
        toast({ title: 'Newsletter not sent', description: words, variant: 'destructive' })
      },
    })
  }
  // Enter in a field sends nothing: the panel sits inside the edit form, which would save.
  const noSubmit = (e: React.KeyboardEvent) => e.key === 'Enter' && e.preventDefault()

  return (
    <div className="grid gap-4">
      <FormField
        id={`newsletter-subject-${post.id}`}
        label="Subject"
        hint="Empty: the post's title."
        error={fields.subject}
      >
        {(control) => (
          <Input
            {...control}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            onKeyDown={noSubmit}
            maxLength={NEWSLETTER_SUBJECT_MAX}
            placeholder={post.title}
          />
        )}
      </FormField>
      <FormField
        id={`newsletter-preheader-${post.id}`}
        label="Preheader"
        hint="The line mail apps show after the subject. Empty: the post's excerpt."
        error={fields.preheader}
      >
        {(control) => (
          <Input
            {...control}
            value={preheader}
            onChange={(e) => setPreheader(e.target.value)}
            onKeyDown={noSubmit}
            maxLength={NEWSLETTER_PREHEADER_MAX}
            placeholder={post.excerpt ?? ''}
          />
        )}
      </FormField>
      {canSend ? (
        <div className="grid gap-2">
          <Button type="button" className="justify-self-start" disabled={send.isPending} onClick={submit}>
            <BusyIcon busy={send.isPending} icon={SendIcon} />
            {send.isPending ? 'Sending...' : post.isPublished ? 'Send now' : 'Send when it goes live'}
          </Button>
          {!post.isPublished && post.scheduledAt && (
            <p className="text-xs text-muted-foreground">
              The post goes live {formatDate(post.scheduledAt, 'moment', reader)}; the newsletter goes out then.
            </p>
          )}
        </div>
      ) : (
        <p className="rounded-md border bg-slate-50 px-3 py-2 text-sm text-slate-700">
          A draft is not sent. Tick 'Send as newsletter' when you publish or schedule it, and it goes out the moment the
          post is live.
        </p>
      )}
    </div>
  )
}
