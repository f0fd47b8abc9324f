import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import { EditorContent, ReactNodeViewRenderer, useEditor, useEditorState } from '@tiptap/react'
import {
  BoldIcon,
  CodeIcon,
  CodeXmlIcon,
  Heading2Icon,
  Heading3Icon,
  Heading4Icon,
  ImagePlusIcon,
  ItalicIcon,
  KeyboardIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  MinusIcon,
  QuoteIcon,
  Redo2Icon,
  Undo2Icon,
} from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import type { BlockItem } from '#app/features/editor/rich/blocks.ts'
import { blockItems, imageUrl, textStats, withoutHandlers } from '#app/features/editor/rich/blocks.ts'
import { insertEmbed, onEmptyLine } from '#app/features/editor/rich/embed.ts'
import { EmbedCard } from '#app/features/editor/rich/embed-card.tsx'
import { editorMarkdown, richExtensions } from '#app/features/editor/rich/extensions.ts'
import { EmbedDialog, LinkDialog, ShortcutsDialog } from '#app/features/editor/rich/rich-dialogs.tsx'
import { SlashMenu, type SlashState } from '#app/features/editor/rich/slash-menu.ts'
import { cn } from '#app/lib/utils.ts'

export interface RichEditorProps {
  id: string
  /** Markdown. */
  value: string
  onChange: (markdown: string) => void
  onBlur?: () => void
  /** Markdown for a paste (the paste helper), or null to let the editor paste as usual. */
  convertPaste: (input: { text: string; html: string }) => string | null
  /** Uploads image files; `insert` places each stored image. */
  uploadImages: (files: File[], insert: (src: string, alt: string) => void) => void
  describedBy?: string
  invalid?: boolean
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The rich writing surface (issue 32, docs/decisions/051): TipTap with Markdown in and out, so the
 * form keeps a Markdown string. A change from outside (a reset, a restored draft, the Markdown
 * mode) is loaded without echoing back, and loading alone never rewrites the stored text.
 */
function insertImage(editor: Editor, pos?: number) {
  return (src: string, alt: string) => {
    const chain = editor.chain().focus()
    if (pos !== undefined) chain.insertContentAt(pos, { type: 'image', attrs: { src, alt } })
    else chain.setImage({ src, alt })
    chain.run()
  }
}

export function RichEditor({
  id,
  value,
  onChange,
  onBlur,
  convertPaste,
  uploadImages,
  describedBy,
  invalid,
}: RichEditorProps) {
  const last = useRef(value)
  const callbacks = useRef({ onChange, onBlur, convertPaste, uploadImages })
  callbacks.current = { onChange, onBlur, convertPaste, uploadImages }
  const [slash, setSlash] = useState<(SlashState & { index: number }) | null>(null)
  const slashRef = useRef(slash)
  slashRef.current = slash
  const [linkOpen, setLinkOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [embedOpen, setEmbedOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const extensions = useMemo(
    () =>
      richExtensions({
        placeholder: "Start writing, or type '/' for headings, lists, quotes and more…",
        embedView: ReactNodeViewRenderer(EmbedCard),
        extra: [
          SlashMenu({
            items: blockItems({
              chooseImages: () => fileInput.current?.click(),
              chooseEmbed: () => setEmbedOpen(true),
            }),
            update: (state) => setSlash(state ? { ...state, index: 0 } : null),
            keyDown: (event) => {
              const s = slashRef.current
              if (!s || s.items.length === 0) return false
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                const step = event.key === 'ArrowDown' ? 1 : -1
                setSlash({ ...s, index: (s.index + step + s.items.length) % s.items.length })
                return true
              }
              if (event.key === 'Enter' || event.key === 'Tab') {
                const item = s.items[s.index]
                if (item) s.select(item)
                return true
              }
              if (event.key === 'Escape') {
                setSlash(null)
                return true
              }
              return false
            },
          }),
        ],
      }),
    [],
  )

  const editorRef = useRef<Editor | null>(null)
  // The options are made once: TipTap hands changed options to the editor on every render, and
  // this component renders on every keystroke (the form's value changes).
  const options = useMemo(
    () => ({
      extensions,
      content: last.current,
      contentType: 'markdown' as const,
      immediatelyRender: false,
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': 'Content',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          spellcheck: 'true',
          class: 'rich-surface prose-article min-h-[22rem] px-1 pb-10 outline-none',
        },
        transformPastedHTML: withoutHandlers,
        handlePaste: (view: EditorView, event: ClipboardEvent) => {
          const data = event.clipboardData
          const ed = editorRef.current
          if (!data || !ed) return false
          const files = [...data.files].filter((f) => f.type.startsWith('image/'))
          if (files.length > 0) {
            callbacks.current.uploadImages(files, insertImage(ed))
            return true
          }
          const text = data.getData('text/plain')
          const html = withoutHandlers(data.getData('text/html'))
          const src = !html && view.state.selection.empty ? imageUrl(text) : null
          if (src) {
            insertImage(ed)(src, '')
            return true
          }
          // A lone YouTube or X address pasted on an empty line is the card (docs/decisions/054).
          if (onEmptyLine(ed) && insertEmbed(ed, text)) return true
          const markdown = callbacks.current.convertPaste({ text, html })
          if (markdown === null) return false
          ed.chain().focus().insertContent(markdown, { contentType: 'markdown' }).run()
          return true
        },
        handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
          const files = [...(event.dataTransfer?.files ?? [])].filter((f) => f.type.startsWith('image/'))
          const ed = editorRef.current
          if (moved || files.length === 0 || !ed) return false
          event.preventDefault()
          const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos
          callbacks.current.uploadImages(files, insertImage(ed, pos))
          return true
        },
      },
      onUpdate: ({ editor: ed }: { editor: Editor }) => {
        const markdown = editorMarkdown(ed)
        last.current = markdown
        callbacks.current.onChange(markdown)
      },
      onBlur: () => callbacks.current.onBlur?.(),
    }),
    [extensions, id, describedBy, invalid],
  )
  const editor = useEditor(options)
  editorRef.current = editor

  // A value from outside (not what the editor just wrote) replaces the document.
  useEffect(() => {
    if (!editor || value === last.current) return
    last.current = value
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false })
  }, [editor, value])

  const state = useEditorState({
    editor,
    selector: ({ editor: ed }) => {
      if (!ed) return null
      const selection = ed.state.selection
      const image = selection instanceof NodeSelection && selection.node.type.name === 'image' ? selection.node : null
      return {
        canUndo: ed.can().undo(),
        canRedo: ed.can().redo(),
        h2: ed.isActive('heading', { level: 2 }),
        h3: ed.isActive('heading', { level: 3 }),
        h4: ed.isActive('heading', { level: 4 }),
        bold: ed.isActive('bold'),
        italic: ed.isActive('italic'),
        code: ed.isActive('code'),
        link: ed.isActive('link'),
        bullets: ed.isActive('bulletList'),
        numbers: ed.isActive('orderedList'),
        quote: ed.isActive('blockquote'),
        codeBlock: ed.isActive('codeBlock'),
        image: image ? { alt: String(image.attrs.alt ?? ''), title: String(image.attrs.title ?? '') } : null,
      }
    },
  })

  const onKeyDown = (event: React.KeyboardEvent) => {
    const mod = isMac() ? event.metaKey : event.ctrlKey
    if (mod && event.key === '/') {
      event.preventDefault()
      setHelpOpen(true)
    } else if (mod && event.key.toLowerCase() === 'k' && editor?.isFocused) {
      event.preventDefault()
      setLinkOpen(true)
    }
  }

  const tool = (
    label: string,
    icon: React.ReactNode,
    run: (ed: Editor) => void,
    options: { pressed?: boolean; disabled?: boolean; shortcut?: string } = {},
  ) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 shrink-0 aria-pressed:bg-violet-100 aria-pressed:text-violet-900"
      aria-label={label}
      title={options.shortcut ? `${label} (${options.shortcut})` : label}
      aria-pressed={options.pressed === undefined ? undefined : options.pressed}
      disabled={!editor || options.disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => editor && run(editor)}
    >
      {icon}
    </Button>
  )
  const mod = isMac() ? '⌘' : 'Ctrl'

  // Arrow keys move along the toolbar as well as Tab (the WAI-ARIA toolbar pattern's keys).
  const onToolbarKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    event.preventDefault()
    buttons[(at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length]?.focus()
  }

  const s = state
  // From the document at each render (a keystroke renders this): the editor's state store would
  // only count after the first change, showing '0 words' for a post just opened.
  const stats = editor ? textStats(editor.state.doc.textBetween(0, editor.state.doc.content.size, ' ', ' ')) : null
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+/ and Ctrl+K are caught while anything in the editor has focus.
    <div className="grid min-w-0 gap-2" onKeyDown={onKeyDown} data-testid="rich-editor">
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        onKeyDown={onToolbarKey}
        className="sticky top-0 z-10 -mx-1 flex flex-wrap items-center gap-0.5 rounded-lg border border-border bg-white/95 p-1 backdrop-blur"
      >
        {tool('Undo', <Undo2Icon />, (e) => e.chain().focus().undo().run(), {
          disabled: !s?.canUndo,
          shortcut: `${mod}+Z`,
        })}
        {tool('Redo', <Redo2Icon />, (e) => e.chain().focus().redo().run(), {
          disabled: !s?.canRedo,
          shortcut: `${mod}+Shift+Z`,
        })}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        {tool('Heading 2', <Heading2Icon />, (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), {
          pressed: !!s?.h2,
          shortcut: `${mod}+Alt+2`,
        })}
        {tool('Heading 3', <Heading3Icon />, (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), {
          pressed: !!s?.h3,
          shortcut: `${mod}+Alt+3`,
        })}
        {tool('Heading 4', <Heading4Icon />, (e) => e.chain().focus().toggleHeading({ level: 4 }).run(), {
          pressed: !!s?.h4,
          shortcut: `${mod}+Alt+4`,
        })}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        {tool('Bold', <BoldIcon />, (e) => e.chain().focus().toggleBold().run(), {
          pressed: !!s?.bold,
          shortcut: `${mod}+B`,
        })}
        {tool('Italic', <ItalicIcon />, (e) => e.chain().focus().toggleItalic().run(), {
          pressed: !!s?.italic,
          shortcut: `${mod}+I`,
        })}
        {tool('Inline code', <CodeIcon />, (e) => e.chain().focus().toggleCode().run(), {
          pressed: !!s?.code,
          shortcut: `${mod}+E`,
        })}
        {tool('Link', <LinkIcon />, () => setLinkOpen(true), { pressed: !!s?.link, shortcut: `${mod}+K` })}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        {tool('Bulleted list', <ListIcon />, (e) => e.chain().focus().toggleBulletList().run(), {
          pressed: !!s?.bullets,
          shortcut: `${mod}+Shift+8`,
        })}
        {tool('Numbered list', <ListOrderedIcon />, (e) => e.chain().focus().toggleOrderedList().run(), {
          pressed: !!s?.numbers,
          shortcut: `${mod}+Shift+7`,
        })}
        {tool('Quote', <QuoteIcon />, (e) => e.chain().focus().toggleBlockquote().run(), {
          pressed: !!s?.quote,
          shortcut: `${mod}+Shift+B`,
        })}
        {tool('Code block', <CodeXmlIcon />, (e) => e.chain().focus().toggleCodeBlock().run(), {
          pressed: !!s?.codeBlock,
          shortcut: `${mod}+Alt+C`,
        })}
        {tool('Divider', <MinusIcon />, (e) => e.chain().focus().setHorizontalRule().run())}
        {tool('Insert image', <ImagePlusIcon />, () => fileInput.current?.click())}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        {tool('Keyboard shortcuts', <KeyboardIcon />, () => setHelpOpen(true), { shortcut: `${mod}+/` })}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          e.target.value = ''
          if (editor && files.length > 0) callbacks.current.uploadImages(files, insertImage(editor))
        }}
      />

      {s?.image && editor && (
        <ImageFields
          alt={s.image.alt}
          title={s.image.title}
          onChange={(attrs) => editor.chain().updateAttributes('image', attrs).run()}
        />
      )}

      <div className="relative min-w-0 rounded-lg bg-white px-3 pt-4 sm:px-8 sm:pt-6">
        <EditorContent editor={editor} />
        {!editor && <div className="prose-article min-h-[22rem] text-muted-foreground">Loading the editor…</div>}
      </div>

      <p className="flex gap-3 text-xs text-muted-foreground" aria-live="polite" data-testid="word-count">
        <span>
          {stats?.words ?? 0} {stats?.words === 1 ? 'word' : 'words'}
        </span>
        <span aria-hidden="true">·</span>
        <span>{stats?.minutes ?? 0} min read</span>
      </p>

      {slash && slash.items.length > 0 && (
        <SlashList
          state={slash}
          onPick={(item) => slash.select(item)}
          onHover={(index) => setSlash({ ...slash, index })}
        />
      )}
      <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />
      <EmbedDialog editor={editor} open={embedOpen} onOpenChange={setEmbedOpen} />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} mod={mod} />
    </div>
  )
}

function ImageFields({
  alt,
  title,
  onChange,
}: {
  alt: string
  title: string
  onChange: (attrs: { alt?: string; title?: string | null }) => void
}) {
  const altId = useId()
  const captionId = useId()
  return (
    <fieldset className="grid gap-2 rounded-lg border border-violet-200 bg-violet-50/60 p-3 sm:grid-cols-2">
      <legend className="px-1 text-xs font-medium text-violet-900">Selected image</legend>
      <div className="grid gap-1">
        <label htmlFor={altId} className="text-xs font-medium text-slate-700">
          Alt text (what the picture shows)
        </label>
        <Input id={altId} value={alt} onChange={(e) => onChange({ alt: e.target.value })} />
      </div>
      <div className="grid gap-1">
        <label htmlFor={captionId} className="text-xs font-medium text-slate-700">
          Caption
        </label>
        <Input id={captionId} value={title} onChange={(e) => onChange({ title: e.target.value || null })} />
      </div>
    </fieldset>
  )
}

function SlashList({
  state,
  onPick,
  onHover,
}: {
  state: SlashState & { index: number }
  onPick: (item: BlockItem) => void
  onHover: (index: number) => void
}) {
  const rect = state.rect
  const width = 224
  const left = rect ? Math.max(8, Math.min(rect.left, window.innerWidth - width - 8)) : 8
  const top = rect ? rect.bottom + 6 : 8
  return (
    <div
      role="listbox"
      aria-label="Insert a block"
      className="fixed z-50 max-h-72 overflow-y-auto rounded-lg border bg-white p-1 shadow-lg"
      style={{ left, top, width }}
    >
      {state.items.map((item, index) => (
        <div
          key={item.id}
          role="option"
          tabIndex={-1}
          aria-selected={index === state.index}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm text-slate-700',
            index === state.index && 'bg-violet-100 text-violet-900',
          )}
          onMouseDown={(e) => {
            e.preventDefault()
            onPick(item)
          }}
          onMouseEnter={() => onHover(index)}
          onKeyDown={() => {}}
        >
          {item.label}
        </div>
      ))}
    </div>
  )
}
