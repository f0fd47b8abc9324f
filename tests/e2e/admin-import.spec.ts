import {
  expect,
  expectNoSidewaysScroll,
  hold,
  hydrated,
  openAdminScreen,
  test,
  uniqueSlug,
} from '#tests/e2e/fixtures.ts'

// Issue 31, the admin slice: /admin/import. A file that is not an export is refused beside the
// picker; a WordPress export is checked first (its new posts, and the page it skips), the address
// keeps the run; 'Import' follows the job to its result, and a post's old address then leads to it.
// A phone never scrolls sideways.

test.use({ signedIn: true })

/**
 * A small WordPress export (WXR 1.2): two posts of this run's own slugs and ids (both widths share
 * one database, and a post is known again by its id) and a page; no images.
 */
function wxr(tag: string) {
  const base = Date.now() * 10
  const item = (id: number, type: 'post' | 'page', title: string, slug: string, link: string) => `
	<item>
		<title><![CDATA[${title}]]></title>
		<link>${link}</link>
		<pubDate>Wed, 01 May 2019 10:00:00 +0000</pubDate>
		<dc:creator><![CDATA[ana]]></dc:creator>
		<guid isPermaLink="false">https://old.example.com/?p=${id}</guid>
		<description></description>
		<content:encoded><![CDATA[<!-- wp:paragraph -->
<p>${title}: a post brought from the old site.</p>
<!-- /wp:paragraph -->]]></content:encoded>
		<excerpt:encoded><![CDATA[]]></excerpt:encoded>
		<wp:post_id>${id}</wp:post_id>
		<wp:post_date><![CDATA[2019-05-01 12:00:00]]></wp:post_date>
		<wp:post_date_gmt><![CDATA[2019-05-01 10:00:00]]></wp:post_date_gmt>
		<wp:post_name><![CDATA[${slug}]]></wp:post_name>
		<wp:status><![CDATA[publish]]></wp:status>
		<wp:post_parent>0</wp:post_parent>
		<wp:menu_order>0</wp:menu_order>
		<wp:post_type><![CDATA[${type}]]></wp:post_type>
		<wp:post_password><![CDATA[]]></wp:post_password>
		<wp:is_sticky>0</wp:is_sticky>
		<category domain="category" nicename="travel"><![CDATA[Travel]]></category>
	</item>`
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/1.2/"
>
<channel>
	<title>Old site</title>
	<link>https://old.example.com</link>
	<description>An old site</description>
	<language>en-US</language>
	<wp:wxr_version>1.2</wp:wxr_version>
	<wp:base_site_url>https://old.example.com</wp:base_site_url>
	<wp:base_blog_url>https://old.example.com</wp:base_blog_url>
	<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@example.com]]></wp:author_email><wp:author_display_name><![CDATA[Ana Souza]]></wp:author_display_name><wp:author_first_name><![CDATA[Ana]]></wp:author_first_name><wp:author_last_name><![CDATA[Souza]]></wp:author_last_name></wp:author>
	<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename><![CDATA[travel]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[Travel]]></wp:cat_name></wp:category>
${item(base + 1, 'post', `Lisbon trams ${tag}`, `lisbon-${tag}`, `https://old.example.com/2019/05/lisbon-${tag}/`)}
${item(base + 2, 'post', `Porto tiles ${tag}`, `porto-${tag}`, `https://old.example.com/porto-${tag}/`)}
${item(base + 3, 'page', `About ${tag}`, `about-${tag}`, `https://old.example.com/about-${tag}/`)}
</channel>
</rss>
`
}

for (const width of [1440, 390]) {
  test(`at ${width} px: check a WordPress export, import it, follow an old address`, async ({
    page,
    consoleErrors,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: 900 })
    const tag = uniqueSlug('imp').replace(/[^a-z0-9]/g, '')
    const file = wxr(tag)

    await page.goto('/admin/blog')
    await hydrated(page)
    await openAdminScreen(page, 'Import')
    await expect(page).toHaveURL(/\/admin\/import$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible()
    await expect(page.getByText('Bring your posts from WordPress, Ghost or Markdown files.')).toBeVisible()
    await expect(page.getByText('Tools → Export → All content')).toBeVisible()

    // A file that is not an export: the server's sentence, beside the picker.
    const picker = page.getByLabel('Export file')
    const check = page.getByRole('button', { name: 'Check file' })
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes.\n') })
    await check.click()
    await expect(page.getByRole('alert')).toContainText('This file is not a WordPress export')
    await expect(page).toHaveURL(/\/admin\/import$/)
    if (width === 390) await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `/tmp/import-${width}-refused.png`, fullPage: true })

    // The export: the dry run says what it holds; nothing is written yet.
    await picker.setInputFiles({ name: `old-site-${tag}.xml`, mimeType: 'text/xml', buffer: Buffer.from(file) })
    await expect(page.getByRole('alert')).toBeHidden()
    // While the file is read, the button waits and says so (the upload held until then).
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/api\/admin\/import\?fileName=/, async (route) => {
      await held
      await route.continue()
    })
    await check.click()
    await expect(page.getByRole('status').filter({ hasText: 'Reading the file…' })).toBeVisible()
    await expect(check).toBeDisabled()
    release()
    await expect(page).toHaveURL(/\/admin\/import\?run=\d+$/)
    await expect(page.getByRole('heading', { name: '2. Check what will be imported' })).toBeVisible()
    const summary = page.getByRole('list', { name: 'What the file holds' })
    await expect(summary).toContainText('2 new posts')
    await expect(summary).toContainText('0 already here')
    await expect(summary).toContainText('1 skipped')
    const rows = page.getByRole('row').filter({ hasText: tag })
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: `Lisbon trams ${tag}` })).toContainText('New')
    await expect(rows.filter({ hasText: `Lisbon trams ${tag}` })).toContainText('Published')
    const skipped = page.getByRole('region', { name: 'Skipped (1)' })
    await expect(skipped).toContainText(`About ${tag}`)
    await expect(skipped).toContainText('A page, not a post: pages are not imported')
    await expectNoA11yViolations()
    if (width === 390) await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `/tmp/import-${width}-dryrun.png`, fullPage: true })

    // A reload shows the same run.
    await page.reload()
    await hydrated(page)
    await expect(summary).toContainText('2 new posts')

    // Import: its progress (the screen's first look held, so the bar is seen), then what it did.
    const polled = await hold(page, '**/api/admin/import/*')
    await page.getByRole('button', { name: 'Import 2 posts' }).click()
    const bar = page.getByRole('progressbar', { name: 'Imported 0 of 2' })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuenow', '0')
    await expect(bar).toHaveAttribute('aria-valuemax', '2')
    polled.release()
    const result = page.getByRole('list', { name: 'What the import did' })
    await expect(result).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible()
    await expect(result).toContainText('2 posts created')
    await expect(result).toContainText('0 failed')
    await expect(result).toContainText('redirects added')
    await expect(page.getByRole('progressbar')).toBeHidden()
    await expect(page.getByRole('link', { name: 'See the posts' })).toHaveAttribute('href', '/admin/blog')
    await expect(page.getByRole('link', { name: 'See the redirects' })).toHaveAttribute('href', '/admin/redirects')
    await expectNoA11yViolations()
    if (width === 390) await expectNoSidewaysScroll(page)
    await page.screenshot({ path: `/tmp/import-${width}-result.png`, fullPage: true })

    // The same file again adds nothing: its posts are already here (each a link to its editor).
    await page.getByRole('button', { name: 'Import another file' }).click()
    await expect(page).toHaveURL(/\/admin\/import$/)
    await picker.setInputFiles({ name: `old-site-${tag}.xml`, mimeType: 'text/xml', buffer: Buffer.from(file) })
    await check.click()
    await expect(summary).toContainText('0 new posts')
    await expect(summary).toContainText('2 already here')
    await expect(rows.getByRole('link', { name: 'Already here' })).toHaveCount(2)
    await expect(rows.getByRole('link', { name: 'Already here' }).first()).toHaveAttribute(
      'href',
      /^\/admin\/blog\/edit\/\d+$/,
    )
    await expect(page.getByRole('button', { name: 'Import 0 posts' })).toBeDisabled()

    // The post's old address leads to it.
    await page.goto(`/2019/05/lisbon-${tag}/`)
    await expect(page).toHaveURL(new RegExp(`/blog/lisbon-${tag}$`))

    // The 400 asked for above (the file that is not an export) is all the browser logged.
    for (let i = consoleErrors.length - 1; i >= 0; i--) {
      if (/status of 400/.test(consoleErrors[i] as string)) consoleErrors.splice(i, 1)
    }
  })
}
