/**
 * The phone menu of the site header (site-header.tsx), in plain DOM code so that a page that is not
 * hydrated (app/islands/public-page.ts) opens it exactly as a hydrated one does. `container` holds
 * the toggle button (`aria-controls` names the list) and the list. The icon toggles the list;
 * pointer users also open it by hovering and close it by leaving; Escape closes it and returns
 * focus to the toggle; choosing an entry closes it. Returns a function that detaches it.
 */
export function attachMobileMenu(container: HTMLElement): () => void {
  const button = container.querySelector<HTMLButtonElement>('button[aria-controls]')
  const list = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null
  if (!button || !list) return () => {}
  const toggle = button
  const menu = list
  // A pointer reaching the icon opens the menu before its click lands: that click keeps it open.
  let openedByHover = false
  const isOpen = () => !menu.hidden
  function set(open: boolean) {
    menu.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu')
    if (!open) openedByHover = false
  }
  const onEnter = () => {
    if (isOpen()) return
    set(true)
    openedByHover = true
  }
  const onLeave = () => set(false)
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return
    set(false)
    toggle.focus()
  }
  const onToggle = () => {
    if (openedByHover) {
      openedByHover = false
      return
    }
    set(!isOpen())
  }
  const onChoose = (event: MouseEvent) => {
    if ((event.target as Element | null)?.closest('a, button')) set(false)
  }
  container.addEventListener('mouseenter', onEnter)
  container.addEventListener('mouseleave', onLeave)
  container.addEventListener('keydown', onKey)
  toggle.addEventListener('click', onToggle)
  menu.addEventListener('click', onChoose)
  return () => {
    container.removeEventListener('mouseenter', onEnter)
    container.removeEventListener('mouseleave', onLeave)
    container.removeEventListener('keydown', onKey)
    toggle.removeEventListener('click', onToggle)
    menu.removeEventListener('click', onChoose)
  }
}
