/**
 * docs/product.md §9: the demo frame is 16:9, at least 640 px tall (560 px in the demo section on a
 * phone) and at most 1200 px wide. The address is the site config's demoUrl (our own /demo by
 * default). Made by the landing page's plain DOM code when the demo is asked for: in the demo
 * section (landing-page.ts) and in the demo modal (dialogs.ts).
 */
export function demoFrame(src: string, place: 'section' | 'modal'): HTMLElement {
  const box = document.createElement('div')
  box.dataset.testid = 'demo-frame'
  box.className =
    place === 'section'
      ? 'mx-auto aspect-video min-h-[560px] w-full max-w-[1200px] overflow-hidden rounded-xl bg-slate-900 sm:min-h-[640px]'
      : 'mx-auto aspect-video min-h-[640px] w-full max-w-[1200px] overflow-hidden rounded-xl bg-slate-900'
  const frame = document.createElement('iframe')
  frame.src = src
  frame.title = 'VidQuest demo campaign'
  frame.className = 'size-full border-0'
  frame.allow = 'autoplay; fullscreen'
  box.append(frame)
  return box
}
