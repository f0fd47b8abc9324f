import { PanelRightIcon, XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { useEffect, useState } from 'react'
import { TitleField } from '#app/components/post-form/post-fields.tsx'
import type { EditorForm, EditorValues } from '#app/components/post-form/post-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useMediaQuery } from '#app/lib/use-media-query.ts'
import { cn } from '#app/lib/utils.ts'

/** Where the side panel sits beside the writing (below this width it is a sheet). */
const WIDE = '(min-width: 1280px)'
/** This device's choice to keep the panel open or folded beside the writing. */
const PANEL_KEY = 'vq-editor-settings'
const TOGGLE_ID = 'post-settings-toggle'
/** The fields that live in the panel: an error in one of them opens it, so the writer sees it. */
const PANEL_FIELDS: readonly (keyof EditorValues)[] = ['slug', 'excerpt', 'category', 'author', 'tags', 'featuredImage']

export interface SettingsPanel {
  open: boolean
  wide: boolean
  setOpen: (open: boolean) => void
}

/**
 * Issue 32: the editor's settings panel: open beside the writing on a wide screen unless the
 * writer folded it (remembered on this device), a sheet opened on demand on a narrower one. An
 * error in one of its fields opens it.
 */
export function useSettingsPanel(form: EditorForm): SettingsPanel {
  const wide = useMediaQuery(WIDE)
  const [folded, setFolded] = useState(() => readFolded())
  const [sheetOpen, setSheetOpen] = useState(false)
  const open = wide ? !folded : sheetOpen
  const setOpen = (next: boolean) => {
    if (!wide) return setSheetOpen(next)
    setFolded(!next)
    try {
      localStorage.setItem(PANEL_KEY, next ? 'open' : 'folded')
    } catch {
      // Storage refused (private mode): the choice lasts as long as the screen.
    }
  }
  const errors = form.formState.errors
  const panelError = PANEL_FIELDS.some((name) => errors[name] !== undefined)
  useEffect(() => {
    if (!panelError) return
    setFolded(false)
    setSheetOpen(true)
  }, [panelError])
  return { open, wide, setOpen }
}

function readFolded(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(PANEL_KEY) === 'folded'
  } catch {
    return false
  }
}

/** The button that opens and folds the settings panel (in the bar that stays in view). */
export function SettingsToggle({ panel }: { panel: SettingsPanel }) {
  return (
    <Button
      id={TOGGLE_ID}
      type="button"
      variant="outline"
      aria-expanded={panel.open}
      aria-controls={panel.open ? 'post-settings' : undefined}
      onClick={() => panel.setOpen(!panel.open)}
    >
      <PanelRightIcon aria-hidden="true" />
      Settings
    </Button>
  )
}

/**
 * Issue 32: the editor's layout, writing first: the title and the body in the centre, the post's
 * settings (address, excerpt, filing, images, SEO, schedule, channels, history) in a panel beside
 * it that folds away, or in a sheet over it on a phone or a tablet.
 */
export function EditorLayout({
  form,
  panel,
  writing,
  settings,
}: {
  form: EditorForm
  panel: SettingsPanel
  /** Under the title: the body. */
  writing: React.ReactNode
  settings: React.ReactNode
}) {
  const side = panel.wide && panel.open
  return (
    <div className={cn('grid grid-cols-1 items-start gap-6', side && 'grid-cols-[minmax(0,1fr)_26rem]')}>
      <div className={cn('grid min-w-0 gap-6', !side && 'mx-auto w-full max-w-4xl')}>
        <div className="grid gap-5 rounded-xl border bg-white px-5 py-5 shadow-sm sm:px-6">
          <TitleField form={form} />
          {writing}
        </div>
      </div>
      {side && (
        <aside id="post-settings" aria-label="Post settings" className="grid min-w-0 gap-6">
          {settings}
        </aside>
      )}
      {!panel.wide && (
        <DialogPrimitive.Root open={panel.open} onOpenChange={panel.setOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
            <DialogPrimitive.Content
              id="post-settings"
              aria-describedby={undefined}
              // Back to the button that opened it (it lives in the form's bar, outside this dialog).
              onCloseAutoFocus={(event) => {
                event.preventDefault()
                document.getElementById(TOGGLE_ID)?.focus()
              }}
              className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-slate-50 shadow-xl focus-visible:outline-none"
            >
              <div className="flex items-center justify-between gap-3 border-b bg-white px-4 py-3">
                <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
                  Post settings
                </DialogPrimitive.Title>
                <DialogPrimitive.Close asChild>
                  <Button type="button" variant="ghost" size="icon" aria-label="Close settings">
                    <XIcon aria-hidden="true" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <div className="grid flex-1 content-start gap-6 overflow-y-auto p-4">{settings}</div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      )}
    </div>
  )
}

/** The form element of both editor forms: Enter in a field saves as the form's main button does. */
export function EditorFormElement({
  label,
  onSave,
  children,
}: {
  label: string
  onSave: () => void
  children: React.ReactNode
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        onSave()
      }}
      className="grid grid-cols-1 gap-6"
    >
      {children}
    </form>
  )
}
