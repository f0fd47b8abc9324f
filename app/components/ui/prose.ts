import { cn } from '#app/lib/utils.ts'

/**
 * Typography for rendered markdown (headings 1-4, figures, links, lists, emphasis): the public post
 * body and the editor's preview share it, so the preview looks like the published page.
 */
export const proseClasses = cn(
  'text-[1.0625rem] leading-8 text-slate-700 sm:text-lg',
  '[&>*:first-child]:mt-0',
  '[&_h1]:mt-14 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-slate-900',
  '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 sm:[&_h2]:text-[1.75rem]',
  '[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-8 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_h1,&_h2,&_h3,&_h4]:scroll-mt-24',
  '[&_p]:mt-6',
  '[&_a]:font-medium [&_a]:text-violet-700 [&_a]:underline [&_a]:decoration-violet-300 [&_a]:underline-offset-4 hover:[&_a]:decoration-violet-700',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:mt-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-violet-500 [&_li>p]:mt-0',
  '[&_figure]:my-10 [&_figure_img]:w-full [&_figure_img]:rounded-2xl [&_figure_img]:border',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_figcaption]:mt-3 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-violet-300 [&_blockquote]:pl-5 [&_blockquote]:text-slate-600 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em]',
  '[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-950 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-12 [&_hr]:border-slate-200',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:text-left [&_table]:text-base [&_th]:border-b [&_th]:py-2 [&_td]:border-b [&_td]:py-2',
)
