import { zodResolver } from '@hookform/resolvers/zod'
import { FileTextIcon, LoaderCircleIcon } from 'lucide-react'
import { type Resolver, useController, useForm } from 'react-hook-form'
import { Button } from '#app/components/ui/button.tsx'
import { ChipListInput } from '#app/components/ui/chip-list-input.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { CONTENT_DURATION } from '#app/features/ai/messages.ts'
import {
  AI_DEFAULTS,
  AUDIENCE_MAX,
  CALL_TO_ACTION_MAX,
  ContentRequest,
  KEY_POINT_MAX,
  KEY_POINTS_MAX,
  LENGTHS,
  type Length,
  TONES,
  type Tone,
  WORD_RANGES,
} from '#common/contract/ai.ts'

export interface ContentOptions {
  tone: Tone
  length: Length
  audience: string
  keyPoints: string[]
  callToAction: string
}

/** The options of the content request (SPEC §3), checked by the contract's own schema. */
const OptionsSchema = ContentRequest.omit({ topic: true })
type OptionsOutput = ReturnType<typeof OptionsSchema.parse>
// The contract takes looser input (blank → default); the form always holds ContentOptions.
const optionsResolver = zodResolver(OptionsSchema) as unknown as Resolver<ContentOptions, unknown, OptionsOutput>

/** SPEC §9 defaults: professional, medium, 'brand marketers and Gen Z audiences', contact the company. */
export const defaultOptions: ContentOptions = {
  tone: AI_DEFAULTS.tone,
  length: AI_DEFAULTS.length,
  audience: AI_DEFAULTS.audience,
  keyPoints: [],
  callToAction: AI_DEFAULTS.callToAction,
}

const TONE_LABELS: Record<Tone, string> = {
  professional: 'Professional',
  casual: 'Casual',
  technical: 'Technical',
  conversational: 'Conversational',
}
const LENGTH_LABELS: Record<Length, string> = { short: 'Short', medium: 'Medium', long: 'Long' }

/** SPEC §2 step 3: tone, length, audience, key points, call to action, then Generate Blog Content. */
export function ContentOptionsForm({
  idPrefix,
  pending,
  onGenerate,
}: {
  idPrefix: string
  pending: boolean
  onGenerate: (options: OptionsOutput) => void
}) {
  const form = useForm<ContentOptions, unknown, OptionsOutput>({
    resolver: optionsResolver,
    defaultValues: defaultOptions,
  })
  const tone = useController({ control: form.control, name: 'tone' })
  const length = useController({ control: form.control, name: 'length' })
  const keyPoints = useController({ control: form.control, name: 'keyPoints' })
  const errors = form.formState.errors
  const id = (name: string) => `${idPrefix}-${name}`

  return (
    <form
      noValidate
      aria-label="Content options"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => onGenerate(values))}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id={id('tone')} label="Tone" error={errors.tone?.message}>
          {(control) => (
            <Select value={tone.field.value} onValueChange={tone.field.onChange} name={tone.field.name}>
              <SelectTrigger {...control} ref={tone.field.ref} onBlur={tone.field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TONES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {TONE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField id={id('length')} label="Length" error={errors.length?.message}>
          {(control) => (
            <Select value={length.field.value} onValueChange={length.field.onChange} name={length.field.name}>
              <SelectTrigger {...control} ref={length.field.ref} onBlur={length.field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LENGTHS.map((l) => (
                  <SelectItem key={l} value={l}>
                    {LENGTH_LABELS[l]} ({WORD_RANGES[l].min}-{WORD_RANGES[l].max} words)
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <FormField id={id('audience')} label="Target Audience" error={errors.audience?.message}>
        {(control) => <Input {...control} {...form.register('audience')} maxLength={AUDIENCE_MAX} autoComplete="off" />}
      </FormField>
      <ChipListInput
        id={id('key-points')}
        label="Key Points to Cover"
        itemName="key point"
        variant="rows"
        optional
        value={keyPoints.field.value}
        onChange={keyPoints.field.onChange}
        max={KEY_POINTS_MAX}
        maxLength={KEY_POINT_MAX}
        placeholder="A point the post must make, then Enter"
        hint="Press Enter or + to add each point. Duplicates and blanks are ignored."
        error={errors.keyPoints?.message}
      />
      <FormField
        id={id('cta')}
        label="Call to Action"
        error={errors.callToAction?.message}
        hint="The post ends with it."
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('callToAction')}
            rows={2}
            maxLength={CALL_TO_ACTION_MAX}
            className="min-h-16"
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
        <p className="mr-auto text-xs text-muted-foreground">
          The post streams into step 4 as it is written ({CONTENT_DURATION}).
        </p>
        <Button type="submit" variant="gradient" disabled={pending}>
          {pending ? (
            <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <FileTextIcon aria-hidden="true" />
          )}
          {pending ? `Generating Content... (${CONTENT_DURATION})` : 'Generate Blog Content'}
        </Button>
      </div>
    </form>
  )
}
