import type { Page } from '@playwright/test'
import sharp from 'sharp'
import type { Post } from '#common/contract/posts.ts'
import {
  closeSettings,
  expect,
  MOD,
  markdownBox,
  openSettings,
  richEditor,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'

/** Issue 32: the rich editor, used with the keyboard at desktop and phone width. */

const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}`))

async function startPost(page: Page, title: string) {
  const slug = uniqueSlug('rich')
  await page.goto('/admin/blog/create')
  // A shared test machine can take a while to bring the screen up.
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeEnabled({ timeout: 25_000 })
  await field(page, 'Title').fill(title)
  // The settings: beside the writing on a wide screen, a sheet on a phone (decision 057).
  const settings = await openSettings(page)
  await settings.getByLabel(/^Slug/).fill(slug)
  await settings.getByLabel(/^Excerpt/).fill('Written in the rich editor. Two sentences.')
  await closeSettings(page)
  await expect(richEditor(page)).toBeVisible()
  await richEditor(page).focus()
  return slug
}

/** Saves a draft and answers the post as stored. */
async function saveDraft(page: Page, slug: string): Promise<Post> {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/blog' && r.request().method() === 'POST',
  )
  await page.keyboard.press(`${MOD}+s`)
  expect((await saved).status()).toBe(201)
  const res = await page.request.get(`/api/blog/${slug}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as Post
}

/** Sends a paste event carrying the given clipboard types to the writing surface, as Ctrl+V does. */
async function paste(page: Page, data: Record<string, string>) {
  await richEditor(page).evaluate((el, items) => {
    const clipboardData = new DataTransfer()
    for (const [type, value] of Object.entries(items)) clipboardData.setData(type, value)
    ;(el as HTMLElement).focus()
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
  }, data)
}

/** The text the editor itself holds selected (Tiptap hangs the editor on its element), read in the page. */
/** Types each line and presses Enter after it, as a writer does; an empty line is Enter alone. */
async function typeLines(page: Page, lines: string[]) {
  for (const line of lines) {
    if (line) await page.keyboard.type(line)
    await page.keyboard.press('Enter')
  }
}

function editorSelection(): string {
  type Held = { state: { selection: { from: number; to: number }; doc: { textBetween(a: number, b: number): string } } }
  const held = (document.querySelector('.ProseMirror') as unknown as { editor: Held }).editor
  const { from, to } = held.state.selection
  return held.state.doc.textBetween(from, to)
}

const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90'
const X_URL = 'https://x.com/jack/status/20'

const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e1f">
<h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-family:Arial">Why opt-in wins</span></h2>
<p dir="ltr" style="line-height:1.38"><span style="font-weight:700">Viewers choose</span><span style="font-weight:400"> to watch, so they stay to the end. Read the </span><a href="https://example.com/study" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">completion study</span></a><span> for the numbers behind it.</span></p>
<ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr"><span>Intent is declared up front</span></p></li>
<li dir="ltr" style="list-style-type:disc"><p dir="ltr"><span>The reward sits at the end</span></p>
<ul><li dir="ltr" style="list-style-type:circle"><p dir="ltr"><span>so the last frame is the stopping point</span></p></li></ul></li></ul>
<h3 dir="ltr"><span>A picture</span></h3>
<p dir="ltr"><span><img src="/favicon.svg" alt="The site's mark" width="64" height="64"></span></p>
<p dir="ltr"><span onclick="alert(1)">Last line.</span><script>window.__pasted = true</script></p></b>`

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`rich editor at ${viewport.width} px`, () => {
    test.use({ signedIn: true, viewport })
    // Each test types some hundred keystrokes.
    test.beforeEach(() => test.slow())

    test('a post written with the keyboard only is stored as Markdown', async ({ page }) => {
      const slug = await startPost(page, 'Written with the keyboard')
      const k = page.keyboard
      await k.type('## Rewarded video')
      await k.press('Enter')
      await k.type('Viewers **choose** to watch, ')
      await k.press(`${MOD}+i`)
      await k.type('every time')
      await k.press(`${MOD}+i`)
      await k.type('. See the docs')
      // Select 'docs' and link it with Ctrl+K.
      // One key at a time, each once the editor has taken the one before: pressed back to back, a
      // loaded machine let the editor lay its own selection over the browser's between two keys.
      // The browser's selection moves at once; the editor takes it on its own 'selectionchange' a
      // moment later, and Ctrl+K links what the editor holds, so wait for the editor's own selection.
      for (let i = 1; i <= 4; i++) {
        await k.press('Shift+ArrowLeft')
        await expect.poll(() => page.evaluate(editorSelection)).toBe('docs'.slice(-i))
      }
      await k.press(`${MOD}+k`)
      const linkDialog = page.getByRole('dialog', { name: 'Link' })
      await expect(linkDialog).toBeVisible()
      await k.type('/blog')
      await k.press('Enter')
      await expect(linkDialog).toBeHidden()
      // The dialog gives the focus back a frame after it closes, with 'docs' still selected; End
      // typed before the editor took it (or before the editor read the caret it moved) let the
      // next keys replace the link's text. Wait on the editor itself, as above.
      await expect(page.locator('.ProseMirror')).toBeFocused()
      await k.press('End')
      await expect.poll(() => page.evaluate(editorSelection)).toBe('')
      await k.type(' and `code`.')
      await k.press('Enter')
      await typeLines(page, ['- first point', 'second point', '', '1. one', 'two', '', '> A quote worth keeping'])
      await k.press(`${MOD}+Shift+b`)
      // The '/' menu: a divider, then a code block.
      await k.type('/divider')
      await expect(page.getByRole('listbox', { name: 'Insert a block' })).toBeVisible()
      await expect(page.getByRole('option', { name: 'Divider' })).toHaveAttribute('aria-selected', 'true')
      await k.press('Enter')
      await expect(page.getByRole('listbox', { name: 'Insert a block' })).toBeHidden()
      await k.type('/code')
      await k.press('ArrowDown')
      await k.press('ArrowUp')
      await k.press('Enter')
      await typeLines(page, ['const views = 2', '', ''])
      await k.type('### The end')
      await expect(page.getByTestId('word-count')).toHaveText(/^\d+ words·1 min read$/)
      // Undo and redo the last heading's text.
      await k.press(`${MOD}+z`)
      await k.press(`${MOD}+Shift+z`)

      const post = await saveDraft(page, slug)
      expect(post.content).toBe(
        [
          '## Rewarded video',
          'Viewers **choose** to watch, *every time*. See the [docs](/blog) and `code`.',
          '- first point\n- second point',
          '1. one\n2. two',
          '> A quote worth keeping',
          '---',
          '```\nconst views = 2\n```',
          '### The end',
        ].join('\n\n'),
      )
    })

    test('a Google Docs paste keeps its structure and nothing executable', async ({ page, foreignRequests }) => {
      const slug = await startPost(page, 'Pasted from Google Docs')
      await paste(page, {
        'text/html': GOOGLE_DOCS_HTML,
        'text/plain':
          'Why opt-in wins\nViewers choose to watch, so they stay to the end. Read the completion study for the numbers behind it.\nIntent is declared up front\nThe reward sits at the end\nso the last frame is the stopping point\nA picture\nLast line.',
      })
      await expect(page.getByText('Content Processed!', { exact: true })).toBeVisible()
      await expect(richEditor(page).getByRole('heading', { level: 2, name: 'Why opt-in wins' })).toBeVisible()
      expect(await page.evaluate(() => (window as { __pasted?: boolean }).__pasted)).toBeUndefined()
      await expect(richEditor(page).locator('[onclick], script')).toHaveCount(0)

      const post = await saveDraft(page, slug)
      expect(post.content).toBe(
        [
          '## Why opt-in wins',
          '**Viewers choose** to watch, so they stay to the end. Read the [completion study](https://example.com/study) for the numbers behind it.',
          '- Intent is declared up front\n- The reward sits at the end\n  - so the last frame is the stopping point',
          '### A picture',
          "![The site's mark](/favicon.svg)",
          'Last line.',
        ].join('\n\n'),
      )
      expect(foreignRequests).toEqual([])
    })

    test('a dropped image is uploaded and placed in the text', async ({ page }) => {
      const slug = await startPost(page, 'A dropped picture')
      await page.keyboard.type('Before the picture.')
      const png = await sharp({
        create: {
          width: 10,
          height: 8,
          channels: 3,
          background: { r: viewport.width % 256, g: 90, b: Date.now() % 256 },
        },
      })
        .png()
        .toBuffer()
      const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blog/upload-image')
      await richEditor(page).evaluate((el, base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const data = new DataTransfer()
        data.items.add(new File([bytes], 'launch-banner.png', { type: 'image/png' }))
        const box = el.getBoundingClientRect()
        const at = {
          bubbles: true,
          cancelable: true,
          dataTransfer: data,
          clientX: box.left + 20,
          clientY: box.bottom - 10,
        }
        el.dispatchEvent(new DragEvent('dragover', at))
        el.dispatchEvent(new DragEvent('drop', at))
      }, png.toString('base64'))
      expect((await uploaded).status()).toBe(200)
      const image = richEditor(page).locator('img[alt="launch banner"]')
      await expect(image).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.png$/)

      const post = await saveDraft(page, slug)
      expect(post.content).toMatch(/^Before the picture\.\n\n!\[launch banner\]\(\/images\/[0-9a-f]{64}\.png\)$/)
      // The post's own image list takes it as well (the first becomes the featured image).
      expect(post.images).toHaveLength(1)
    })

    test("the '/' menu's Image uploads a chosen picture onto the line, with the alt text and caption given", async ({
      page,
    }) => {
      const slug = await startPost(page, 'A picture from the menu')
      const k = page.keyboard
      await k.type('Before the picture.')
      await k.press('Enter')
      const png = await sharp({
        create: {
          width: 12,
          height: 9,
          channels: 3,
          background: { r: 20, g: viewport.width % 256, b: Date.now() % 256 },
        },
      })
        .png()
        .toBuffer()
      // The same file chooser and upload as the toolbar's 'Insert image'.
      const chooser = page.waitForEvent('filechooser')
      await k.type('/image')
      await expect(page.getByRole('option', { name: 'Image', exact: true })).toHaveAttribute('aria-selected', 'true')
      await k.press('Enter')
      await expect(page.getByRole('listbox', { name: 'Insert a block' })).toBeHidden()
      const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blog/upload-image')
      await (await chooser).setFiles({ name: 'team-at-launch.png', mimeType: 'image/png', buffer: png })
      expect((await uploaded).status()).toBe(200)
      const image = richEditor(page).locator('img[alt="team at launch"]')
      await expect(image).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.png$/)

      // Selected, the picture takes its alt text and caption.
      await image.click()
      const fields = page.getByRole('group', { name: 'Selected image' })
      await fields.getByLabel('Alt text (what the picture shows)').fill('The team on launch day')
      await fields.getByLabel('Caption').fill('Launch day')
      await expect(richEditor(page).locator('figcaption')).toHaveText('Launch day')

      const post = await saveDraft(page, slug)
      expect(post.content).toMatch(
        /^Before the picture\.\n\n!\[The team on launch day\]\(\/images\/[0-9a-f]{64}\.png "Launch day"\)$/,
      )
      expect(post.images).toHaveLength(1)
    })

    test("a YouTube address pasted on an empty line is a card, and the '/' menu's Embed asks for an X post", async ({
      page,
      foreignRequests,
      expectNoA11yViolations,
    }, testInfo) => {
      const slug = await startPost(page, 'A video and a post from X')
      const k = page.keyboard
      await k.type('Before the video.')
      await k.press('Enter')
      await paste(page, { 'text/plain': `${VIDEO_URL}\n` })
      const video = richEditor(page).getByRole('figure', { name: `YouTube video, from 1:30: ${VIDEO_URL}` })
      await expect(video).toBeVisible()
      // The cursor waits on the line after the card.
      await k.type('After the video.')

      await k.press('Enter')
      await k.type('/embed')
      await expect(page.getByRole('option', { name: 'Embed', exact: true })).toHaveAttribute('aria-selected', 'true')
      await k.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Embed' })
      const address = dialog.getByLabel('YouTube or X address')
      await expect(address).toBeFocused()
      await k.type('https://example.com/watch?v=dQw4w9WgXcQ')
      await k.press('Enter')
      await expect(dialog.getByRole('alert')).toHaveText(/^This is not a YouTube video or an X post address/)
      await expect(address).toHaveAttribute('aria-invalid', 'true')
      await address.fill(X_URL)
      await k.press('Enter')
      await expect(dialog).toBeHidden()
      const xPost = richEditor(page).getByRole('figure', { name: `Post by @jack on X: ${X_URL}` })
      await expect(xPost).toBeVisible()

      // One card, selected, goes with Delete and comes back with undo.
      await video.click()
      await k.press('Delete')
      await expect(video).toHaveCount(0)
      await k.press(`${MOD}+z`)
      await expect(video).toBeVisible()
      // Arrow keys step onto the card (it shows as selected) and past it to the next line.
      await richEditor(page).getByText('Before the video.').click()
      await k.press('End')
      await k.press('ArrowDown')
      await expect(video).toHaveClass(/rich-embed-selected/)
      await k.press('ArrowDown')
      await expect(video).not.toHaveClass(/rich-embed-selected/)
      await k.type('Then: ')

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await video.scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`rich-embed-${viewport.width}.png`) })
      await expectNoA11yViolations()

      // Stored: each address on a line of its own, exactly as given.
      const stored = ['Before the video.', VIDEO_URL, 'Then: After the video.', X_URL].join('\n\n')
      await expect(await markdownBox(page)).toHaveValue(stored)
      const post = await saveDraft(page, slug)
      expect(post.content).toBe(stored)

      // The public page shows both as cards, asking nothing of YouTube or X.
      expect((await page.request.post(`/api/blog/${post.id}/publish`)).status()).toBe(200)
      await page.goto(`/blog/${slug}`)
      const body = page.getByTestId('article-body')
      await expect(body.locator('.md-embed-youtube').getByRole('link', { name: 'Watch on YouTube' })).toHaveAttribute(
        'href',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s',
      )
      await expect(body.locator('.md-embed-x').getByRole('link', { name: 'Post by @jack on X' })).toBeVisible()
      expect(foreignRequests).toEqual([])
    })

    test('Markdown and back loses nothing; the shortcuts dialog opens with Ctrl+/', async ({ page }) => {
      const slug = await startPost(page, 'Both ways')
      const k = page.keyboard
      await k.type('## Both ways')
      await k.press('Enter')
      await k.type('Text with **bold** and a list:')
      await k.press('Enter')
      await k.type('- one')
      const toggle = page.getByRole('button', { name: 'Markdown', exact: true })
      await expect(toggle).toHaveAttribute('aria-pressed', 'false')

      const box = await markdownBox(page)
      const written = '## Both ways\n\nText with **bold** and a list:\n\n- one'
      await expect(box).toHaveValue(written)
      await box.press(`${MOD}+End`)
      await box.pressSequentially('\n- two')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-pressed', 'false')
      await expect(richEditor(page).getByRole('listitem')).toHaveText(['one', 'two'])
      await markdownBox(page)
      await expect(page.getByRole('textbox', { name: 'Content (Markdown)' })).toHaveValue(`${written}\n- two`)
      // The choice is remembered on this device (and the unsaved text comes back with the draft).
      await page.reload()
      await page
        .getByRole('alertdialog', { name: 'Restore unsaved draft?' })
        .getByRole('button', { name: 'Restore' })
        .click()
      await expect(toggle).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('textbox', { name: 'Content (Markdown)' })).toHaveValue(`${written}\n- two`)
      await toggle.click()
      await expect(richEditor(page).getByRole('listitem')).toHaveText(['one', 'two'])

      await richEditor(page).focus()
      await k.press(`${MOD}+/`)
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(help).toBeVisible()
      await expect(help.getByRole('row')).not.toHaveCount(0)
      await k.press('Escape')
      await expect(help).toBeHidden()
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
      await expect(help).toBeVisible()
      await k.press('Escape')
      await expect(help).toBeHidden()
      expect(slug).toBeTruthy()
    })

    test('the writing surface looks calm and fits the screen', async ({ page, expectNoA11yViolations }, testInfo) => {
      await startPost(page, 'Looking at the surface')
      const k = page.keyboard
      await typeLines(page, [
        '## A calm place to write',
        'Rewarded video flips the order of events: the viewer sees an offer first and chooses to press play. ' +
          'Nothing is in the way, because the viewer asked for the ad.',
        '> Completion is where the useful part begins.',
      ])
      await k.press(`${MOD}+Shift+b`)
      await typeLines(page, ['- a list item', 'another one with a long enough text to wrap on a phone screen', ''])
      await k.type('/')
      await expect(page.getByRole('listbox', { name: 'Insert a block' })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await richEditor(page).scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`rich-editor-${viewport.width}.png`), fullPage: false })
      await k.press('Escape')
      await expect(page.getByRole('listbox', { name: 'Insert a block' })).toBeHidden()
      await expectNoA11yViolations()
    })
  })
}
