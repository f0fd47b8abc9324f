import { ArrowRight, CalendarDays } from 'lucide-react'
import { Link } from 'react-router'
import { PostCover } from '#app/components/brand/post-cover.tsx'
import { SubscribeForm } from '#app/components/subscribe/subscribe-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { LandingSection } from '#app/features/landing/landing-section.tsx'
import type { ArticleCard } from '#common/contract/views.ts'

export function LatestArticles({ articles }: { articles: ArticleCard[] }) {
  return (
    <LandingSection id="articles" className="bg-white">
      {articles.length === 0 ? (
        <p className="mt-12 text-center text-slate-600">New articles are on their way. Check back soon.</p>
      ) : (
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {articles.map((a) => (
            <li key={a.slug}>
              <Link
                to={`/blog/${a.slug}`}
                data-testid="article-card"
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <div className="aspect-video overflow-hidden bg-slate-100">
                  {/* The same image and the same branded placeholder as the blog's cards. */}
                  <PostCover
                    src={a.cover}
                    tone={a.category}
                    size="card"
                    className="transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
                  />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <span className="w-fit rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
                    {a.category}
                  </span>
                  <h3 className="mt-3 text-lg font-semibold text-slate-900 group-hover:text-violet-800">{a.title}</h3>
                  <p className="mt-2 flex-1 text-slate-600">{a.teaser}</p>
                  {a.date && (
                    <p className="mt-4 flex items-center gap-1.5 text-sm text-slate-600">
                      <CalendarDays className="size-4" aria-hidden="true" />
                      <time dateTime={a.dateTime ?? undefined}>{a.date}</time>
                    </p>
                  )}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-12 text-center">
        <Button asChild size="lg" variant="outline">
          <Link to="/blog" onClick={() => window.scrollTo({ top: 0 })}>
            View All Articles
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {/* Issue 30: readers who come back. */}
      <SubscribeForm form="landing" className="mx-auto mt-14 max-w-2xl" />
    </LandingSection>
  )
}
