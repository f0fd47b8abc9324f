import { Editor } from '@tiptap/core'
import { afterEach } from 'vitest'
import { richExtensions } from '#app/features/editor/rich/extensions.ts'

/**
 * For a test file of the rich editor (it needs `// @vitest-environment happy-dom`): a `load` that
 * opens `markdown` in an editor with the app's extensions, each destroyed after its test.
 */
export function richEditorLoader(): (markdown: string) => Editor {
  const editors: Editor[] = []
  afterEach(() => {
    for (const e of editors.splice(0)) e.destroy()
  })
  return (markdown) => {
    const editor = new Editor({ extensions: richExtensions(), content: markdown, contentType: 'markdown' })
    editors.push(editor)
    return editor
  }
}
