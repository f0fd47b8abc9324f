import { type Editor, Extension, type Range } from '@tiptap/core'
import { PluginKey } from '@tiptap/pm/state'
import Suggestion, { type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion'
import { type BlockItem, matchBlocks } from '#app/features/editor/rich/blocks.ts'

export interface SlashState {
  items: BlockItem[]
  rect: DOMRect | null
  select: (item: BlockItem) => void
}

export interface SlashView {
  update: (state: SlashState | null) => void
  /** Arrow keys, Enter and Escape while the menu is open; true when handled. */
  keyDown: (event: KeyboardEvent) => boolean
  /** What the menu lists (all blocks by default). */
  items?: readonly BlockItem[]
}

/** The '/' menu: typing '/' at the start of a word opens a list of blocks to insert. */
export function SlashMenu(view: SlashView) {
  return Extension.create({
    name: 'slashMenu',
    addProseMirrorPlugins() {
      return [
        Suggestion<BlockItem, BlockItem>({
          editor: this.editor,
          char: '/',
          pluginKey: new PluginKey('slashMenu'),
          allowSpaces: false,
          items: ({ query }) => matchBlocks(query, view.items),
          command: ({ editor, range, props }: { editor: Editor; range: Range; props: BlockItem }) => {
            editor.chain().focus().deleteRange(range).run()
            props.run(editor)
          },
          render: () => {
            const show = (props: SuggestionProps<BlockItem, BlockItem>) =>
              view.update({
                items: props.items,
                rect: props.clientRect?.() ?? null,
                select: (item) => props.command(item),
              })
            return {
              onStart: show,
              onUpdate: show,
              onKeyDown: ({ event }: SuggestionKeyDownProps) => view.keyDown(event),
              onExit: () => view.update(null),
            }
          },
        }),
      ]
    },
  })
}
