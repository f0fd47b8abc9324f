import type { Editor } from '@tiptap/core'
import { useEffect, useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { insertEmbed } from '#app/features/editor/rich/embed.ts'

interface EditorDialogProps {
  editor: Editor | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The editor's one-field dialogs (Link, Embed): an address, Cancel and the action; the focus goes
 * back to the writing when it closes. `error` is shown next to the field.
 */
function AddressDialog({
  editor,
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  action,
  value,
  onValueChange,
  error,
  onApply,
}: EditorDialogProps & {
  title: string
  description: string
  label: string
  placeholder: string
  action: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  onApply: () => void
}) {
  const inputId = useId()
  const errorId = useId()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          editor?.commands.focus()
        }}
      >
        <DialogHeading title={title} description={description} />
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            e.stopPropagation()
            onApply()
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              {label}
            </label>
            <Input
              id={inputId}
              type="text"
              inputMode="url"
              value={value}
              onChange={(e) => onValueChange(e.target.value)}
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogCancel />
            <Button type="submit">{action}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** Adds, changes or removes the link on the selected text (Ctrl/Cmd+K or the toolbar's Link). */
export function LinkDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  const [href, setHref] = useState('')
  useEffect(() => {
    if (open && editor) setHref(String(editor.getAttributes('link').href ?? ''))
  }, [open, editor])

  const apply = () => {
    if (!editor) return
    const target = href.trim()
    const chain = editor.chain().focus().extendMarkRange('link')
    if (target === '') chain.unsetLink().run()
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: target, marks: [{ type: 'link', attrs: { href: target } }] }).run()
    } else chain.setLink({ href: target }).run()
    onOpenChange(false)
  }

  return (
    <AddressDialog
      editor={editor}
      open={open}
      onOpenChange={onOpenChange}
      title="Link"
      description="The address the selected text points to. Leave it empty to remove the link."
      label="Address"
      placeholder="https://… or /blog/…"
      action="Apply"
      value={href}
      onValueChange={setHref}
      onApply={apply}
    />
  )
}

/**
 * Asks for the address of a YouTube video or an X post (the '/' menu's Embed) and puts its card on
 * the line the menu was opened on. An address that is not one is refused next to the field: the
 * public page would show it as a plain link, not a card.
 */
export function EmbedDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  const [address, setAddress] = useState('')
  const [error, setError] = useState('')
  useEffect(() => {
    if (open) {
      setAddress('')
      setError('')
    }
  }, [open])

  const apply = () => {
    if (!editor) return
    if (!insertEmbed(editor, address)) {
      setError(
        'This is not a YouTube video or an X post address, e.g. https://youtu.be/… or https://x.com/name/status/….',
      )
      return
    }
    onOpenChange(false)
  }

  return (
    <AddressDialog
      editor={editor}
      open={open}
      onOpenChange={onOpenChange}
      title="Embed"
      description="The address of a YouTube video or a post on X. The post shows it as a card; the player loads when a reader asks."
      label="YouTube or X address"
      placeholder="https://www.youtube.com/watch?v=…"
      action="Embed"
      value={address}
      onValueChange={(value) => {
        setAddress(value)
        setError('')
      }}
      error={error}
      onApply={apply}
    />
  )
}

const SHORTCUTS: ReadonlyArray<[keys: string, what: string]> = [
  ['## , ### , ####', 'Heading 2, 3 or 4 (type at the start of a line)'],
  ['- or *', 'Bulleted list'],
  ['1.', 'Numbered list'],
  ['>', 'Quote'],
  ['```', 'Code block'],
  ['---', 'Divider'],
  ['**text**', 'Bold'],
  ['*text*', 'Italic'],
  ['`text`', 'Inline code'],
  ['/', 'Insert a block (headings, lists, quote, code, divider, image, embed, table)'],
  ['Mod+B', 'Bold'],
  ['Mod+I', 'Italic'],
  ['Mod+E', 'Inline code'],
  ['Mod+K', 'Link (or paste an address over selected text)'],
  ['Mod+Alt+2, 3, 4', 'Heading 2, 3 or 4'],
  ['Mod+Shift+8', 'Bulleted list'],
  ['Mod+Shift+7', 'Numbered list'],
  ['Mod+Shift+B', 'Quote'],
  ['Mod+Alt+C', 'Code block'],
  ['Tab / Shift+Tab', 'Indent or outdent a list item'],
  ['Shift+Enter', 'Line break'],
  ['Mod+Z / Mod+Shift+Z', 'Undo / redo'],
  ['Mod+S', 'Save'],
  ['Mod+/', 'This list'],
]

/** The keyboard shortcuts of the rich editor (the toolbar's keyboard button, or Ctrl/Cmd+/). */
export function ShortcutsDialog({
  open,
  onOpenChange,
  mod,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  mod: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeading
          title="Keyboard shortcuts"
          description="Markdown typed as you write becomes formatting; these keys do the same."
        />
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th>Keys</th>
              <th>Does</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={`${keys}-${what}`} className="border-b last:border-0">
                <td className="py-1.5 pr-4 align-top whitespace-nowrap">
                  <kbd className="rounded border bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                    {keys.replaceAll('Mod', mod)}
                  </kbd>
                </td>
                <td className="py-1.5 text-slate-700">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  )
}
