import type { ShareCard } from '#common/contract/preview.ts'

/**
 * Issue 32: a post's link as X (summary_large_image) and LinkedIn show it, from the title,
 * description and image its page's meta tags give (app/routes/admin/post-preview.server.ts). Drawn
 * after their current cards; the networks change details, so this is the likeness, not a copy.
 */
export function SharePreview({ card }: { card: ShareCard }) {
  return (
    <main className="mx-auto grid max-w-3xl gap-10 px-4 py-8 sm:px-6">
      <section aria-labelledby="share-x" className="grid gap-3" data-testid="share-x">
        <h2 id="share-x" className="text-sm font-semibold text-slate-700">
          On X
        </h2>
        <div className="overflow-hidden rounded-2xl border border-slate-200">
          <div className="relative">
            <img
              src={card.image}
              alt={card.imageAlt}
              width={1200}
              height={630}
              className="aspect-[1200/628] w-full bg-slate-100 object-cover"
            />
            {/* X shows the title over the image's bottom left, the domain under the card. */}
            <p className="absolute bottom-3 left-3 max-w-[calc(100%-1.5rem)] truncate rounded bg-black/70 px-1.5 py-0.5 text-sm text-white">
              {card.title}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-500" data-testid="share-x-domain">
          From {card.host}
        </p>
      </section>

      <section aria-labelledby="share-linkedin" className="grid gap-3" data-testid="share-linkedin">
        <h2 id="share-linkedin" className="text-sm font-semibold text-slate-700">
          On LinkedIn
        </h2>
        <div className="flex overflow-hidden rounded-lg border border-slate-200 bg-slate-50 max-sm:flex-col sm:items-center">
          <img
            src={card.image}
            alt={card.imageAlt}
            width={1200}
            height={630}
            className="aspect-[1200/627] w-full bg-slate-100 object-cover sm:w-56 sm:rounded-md sm:m-3"
          />
          <div className="grid gap-1 p-3">
            <p className="line-clamp-2 font-semibold text-slate-900">{card.title}</p>
            <p className="text-xs text-slate-500" data-testid="share-linkedin-domain">
              {card.host}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="share-text" className="grid gap-1 text-sm text-slate-600">
        <h2 id="share-text" className="font-semibold text-slate-700">
          Description the networks may show
        </h2>
        <p>{card.description || 'None: write an excerpt or some text.'}</p>
      </section>
    </main>
  )
}
