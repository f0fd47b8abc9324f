import { ImageIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { FeaturedImagePanel } from '#app/features/ai/featured-image-panel.tsx'
import { useFeaturedImage } from '#app/features/ai/use-featured-image.ts'
import { TITLE_MAX } from '#common/limits.ts'

/**
 * Offline mode: without an AI key no text can be generated, but 'Generate Image' still makes the
 * branded cover on this server (issue 4). Its address can then be used as a featured image.
 */
export function CoverMaker() {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '')
  const id = (name: string) => `cover${uid}-${name}`
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  const [url, setUrl] = useState('')
  const image = useFeaturedImage()
  return (
    <SectionCard
      headingId={id('heading')}
      icon={<ImageIcon />}
      title="Branded cover image"
      description="Works without an AI provider: a 1600×900 cover with your brand and the post's title, made on this server."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-5">
          <FormField id={id('title')} label="Post title for the cover">
            {(control) => (
              <Input {...control} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
            )}
          </FormField>
          <FormField id={id('text')} label="Short description of the post">
            {(control) => (
              <Textarea
                {...control}
                value={text}
                rows={3}
                className="min-h-20"
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </FormField>
          {url && (
            <FormField
              id={id('url')}
              label="Cover address"
              hint="Paste it into Featured Image URL when you write the post in Manual Writing."
            >
              {(control) => (
                <Input
                  {...control}
                  value={url}
                  readOnly
                  className="font-mono"
                  onFocus={(e) => e.currentTarget.select()}
                />
              )}
            </FormField>
          )}
        </div>
        <FeaturedImagePanel
          headingId={id('image-heading')}
          url={url}
          title={title}
          image={image}
          onGenerate={async () => {
            const next = await image.generate({ title, excerpt: text })
            if (next) setUrl(next)
          }}
        />
      </div>
    </SectionCard>
  )
}
