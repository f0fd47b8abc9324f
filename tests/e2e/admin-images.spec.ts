import type { Page } from '@playwright/test'
import sharp from 'sharp'
import type { Post } from '#common/contract/posts.ts'
import { expect, expectSavedInEditor, hold, openCreate, preferMarkdown, test, uniqueSlug } from '#tests/e2e/fixtures.ts'

// These tests are about what the post holds, typed as Markdown (issue 32 made the rich editor the default).
test.beforeEach(async ({ page }) => preferMarkdown(page.context()))

interface FilePayload {
  name: string
  mimeType: string
  buffer: Buffer
}

let shade = 0
/** A small real PNG in a colour no other test uses, so its content-addressed URL is its own. */
async function png(name: string): Promise<FilePayload> {
  shade = (shade + 37) % 250
  const buffer = await sharp({
    create: { width: 12, height: 9, channels: 3, background: { r: shade, g: (shade * 7) % 256, b: Date.now() % 256 } },
  })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

async function jpeg(name: string): Promise<FilePayload> {
  const buffer = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

/** Picks files through the Browse Files button, as a person does. */
async function browse(page: Page, files: FilePayload[]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Browse Files' }).click()
  await (await chooser).setFiles(files)
}

const grid = (page: Page) => page.getByRole('list', { name: 'Post images' })
const problems = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('listitem') })

function expectConsoleNoise(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (pattern.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
  }
}

test.use({ signedIn: true })

test('Browse Files uploads several images in parallel with visible progress and features the first', async ({
  page,
}) => {
  const uploads = await hold(page, '**/api/blog/upload-image')
  await openCreate(page)
  await expect(page.getByText('0/5 images')).toBeVisible()
  await browse(page, [await png('red.png'), await jpeg('violet.jpg')])

  await expect(page.getByRole('progressbar', { name: 'Uploading red.png' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Uploading violet.jpg' })).toBeVisible()
  // Both requests are on the wire before either is answered: the uploads run side by side.
  await expect.poll(() => uploads.calls()).toBe(2)
  uploads.release()

  await expect(grid(page).getByRole('img')).toHaveCount(2)
  await expect(page.getByText('2/5 images')).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  const first = grid(page).getByRole('listitem').first()
  await expect(first.getByText('Featured')).toBeVisible()
  await expect(grid(page).getByText('Featured')).toHaveCount(1)
  await expect(first.getByRole('img')).toHaveAttribute('alt', 'red')
  // The first upload also fills the featured image field.
  await expect(page.getByLabel(/^Featured Image URL/)).toHaveValue(/^\/images\/[0-9a-f]{64}\.png$/)
})

test('the drop zone invites a drag and drop or Browse Files', async ({ page }) => {
  await openCreate(page)
  const zone = page.getByRole('region', { name: 'Image upload' })
  await expect(zone.getByText('Drag and drop images here', { exact: true })).toBeVisible()
  await expect(zone.getByRole('button', { name: 'Browse Files' })).toBeVisible()
})

test('dropping images on the drop zone uploads them', async ({ page }) => {
  await openCreate(page)
  const file = await png('dropped.png')
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type: 'image/png' }))
      return transfer
    },
    { base64: file.buffer.toString('base64'), name: file.name },
  )
  const zone = page.getByRole('region', { name: 'Image upload' })
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
  await expect(grid(page).getByRole('img', { name: 'dropped' })).toBeVisible()
  await expect(page.getByText('1/5 images')).toBeVisible()
})

test('more than five images are refused with Maximum 5 images allowed', async ({ page }) => {
  await openCreate(page)
  const files = await Promise.all(['1.png', '2.png', '3.png', '4.png', '5.png', '6.png'].map((n) => png(n)))
  await browse(page, files)
  await expect(problems(page)).toContainText('Maximum 5 images allowed')
  await expect(grid(page).getByRole('img')).toHaveCount(5)
  await expect(page.getByText('5/5 images')).toBeVisible()

  await browse(page, [await png('7.png')])
  await expect(problems(page).getByRole('listitem')).toHaveText(['Maximum 5 images allowed'])
  await expect(page.getByText('5/5 images')).toBeVisible()
})

test('a file that is not an image and an image over 5 MB are refused with their names', async ({ page }) => {
  await openCreate(page)
  const big = { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_880, 1) }
  const text = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }
  await browse(page, [text, big, await png('fine.png')])
  await expect(problems(page).getByRole('listitem')).toHaveText([
    'notes.txt: Only image files are allowed',
    'huge.png: Image must be smaller than 5MB',
  ])
  // The valid file of the same batch still goes through.
  await expect(grid(page).getByRole('img', { name: 'fine' })).toBeVisible()
  await expect(page.getByText('1/5 images')).toBeVisible()
  // The messages can be dismissed.
  await page.getByRole('button', { name: 'Dismiss upload messages' }).click()
  await expect(problems(page)).toHaveCount(0)
})

test('an upload the server refuses shows its error', async ({ page, consoleErrors }) => {
  await openCreate(page)
  // Says PNG, is not one: the server checks the bytes.
  await browse(page, [{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, honest') }])
  await expect(problems(page)).toContainText('Upload failed for fake.png: fake.png: Only image files are allowed')
  await expect(page.getByText('0/5 images')).toBeVisible()
  expectConsoleNoise(consoleErrors, /status of 400/)
})

test('an upload that gets no answer says it failed to upload', async ({ page, consoleErrors }) => {
  await page.route('**/api/blog/upload-image', (route) => route.abort('failed'))
  await openCreate(page)
  await browse(page, [await png('lost.png')])
  await expect(problems(page)).toContainText('Failed to upload lost.png: The network connection failed')
  expectConsoleNoise(consoleErrors, /ERR_FAILED/)
})

test('an upload answered without an error text reports Unknown error', async ({ page, consoleErrors }) => {
  await page.route('**/api/blog/upload-image', (route) => route.fulfill({ status: 500, body: '' }))
  await openCreate(page)
  await browse(page, [await png('odd.png')])
  await expect(problems(page)).toContainText('Upload failed for odd.png: Unknown error')
  expectConsoleNoise(consoleErrors, /status of 500/)
})

test('a file the browser cannot read says Failed to read file with its name and sends nothing', async ({ page }) => {
  // The browser fails the read (as for a file deleted or locked after it was picked).
  await page.addInitScript(() => {
    FileReader.prototype.readAsDataURL = function readAsDataURL(this: FileReader) {
      setTimeout(() => this.dispatchEvent(new ProgressEvent('error')))
    }
  })
  const uploads: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/blog/upload-image') uploads.push(r.url())
  })
  await openCreate(page)
  await browse(page, [await png('unreadable.png')])
  await expect(problems(page).getByRole('listitem')).toHaveText(['Failed to read file: unreadable.png'])
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(page.getByText('0/5 images')).toBeVisible()
  expect(uploads).toEqual([])
})

test('set as featured, copy markdown and remove each confirm with a toast, and the post keeps the result', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const slug = uniqueSlug('images')
  await openCreate(page)
  await browse(page, [await png('first.png')])
  await expect(grid(page).getByRole('img')).toHaveCount(1)
  await browse(page, [await png('second-shot.png')])
  await expect(grid(page).getByRole('img')).toHaveCount(2)
  const items = grid(page).getByRole('listitem')
  await expect(items.nth(0).getByText('Featured')).toBeVisible()

  await page.getByRole('button', { name: 'Set image 2 as featured' }).click()
  await expect(page.getByText('Featured Image Updated', { exact: true })).toBeVisible()
  await expect(items.nth(1).getByText('Featured')).toBeVisible()
  await expect(items.nth(0).getByText('Featured')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Set image 2 as featured' })).toBeDisabled()

  await page.getByRole('button', { name: 'Copy markdown for image 2' }).click()
  await expect(page.getByText('Copied', { exact: true })).toBeVisible()
  const secondUrl = (await items.nth(1).getByRole('img').getAttribute('src'))?.replace(/\?w=\d+$/, '')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`![second shot](${secondUrl})`)

  await page.getByRole('button', { name: 'Remove image 1' }).click()
  await expect(page.getByText('Image Removed', { exact: true })).toBeVisible()
  await expect(page.getByText('1/5 images')).toBeVisible()

  await page.getByLabel(/^Title/).fill('A post with images')
  await page.getByLabel(/^Slug/).fill(slug)
  await page.getByRole('textbox', { name: 'Content (Markdown)' }).fill(`![second shot](${secondUrl})`)
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expectSavedInEditor(page)
  const post = (await (await page.request.get(`/api/blog/${slug}`)).json()) as Post
  expect(post.images).toEqual([secondUrl])
  expect(post.featuredImage).toBe(secondUrl)
})

test('the edit screen shows the post images and saves changes to them', async ({ page, createPost }) => {
  const upload = async (file: FilePayload) => {
    const res = await page.request.post('/api/blog/upload-image', {
      data: { imageData: `data:${file.mimeType};base64,${file.buffer.toString('base64')}`, fileName: file.name },
    })
    expect(res.status()).toBe(200)
    return ((await res.json()) as { imageUrl: string }).imageUrl
  }
  const a = await upload(await png('a.png'))
  const b = await upload(await png('b.png'))
  const post = await createPost({ images: [a, b], featuredImage: b })
  await page.goto(`/admin/blog/edit/${post.id}`)
  await expect(page.getByText('2/5 images')).toBeVisible()
  const items = grid(page).getByRole('listitem')
  await expect(items.nth(1).getByText('Featured')).toBeVisible()
  await page.getByRole('button', { name: 'Remove image 2' }).click()
  await expect(page.getByText('1/5 images')).toBeVisible()
  await page.getByRole('button', { name: 'Set image 1 as featured' }).click()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectSavedInEditor(page)
  const saved = (await (await page.request.get(`/api/blog/id/${post.id}`)).json()) as Post
  expect(saved.images).toEqual([a])
  expect(saved.featuredImage).toBe(a)
})

test('the image manager with images has no accessibility violations', async ({ page, expectNoA11yViolations }) => {
  await openCreate(page)
  await browse(page, [await png('a11y.png'), { name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }])
  await expect(grid(page).getByRole('img')).toHaveCount(1)
  await expect(problems(page)).toBeVisible()
  await expectNoA11yViolations()
})
