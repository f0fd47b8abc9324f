import { zodResolver } from '@hookform/resolvers/zod'
import { FileTextIcon } from 'lucide-react'
import { type ControllerRenderProps, type Resolver, useController, useForm } from 'react-hook-form'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
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

/** The options of the content request (docs/product.md §3), checked by the contract's own schema. */
const OptionsSchema = ContentRequest.omit({ topic: true })
type OptionsOutput = ReturnType<typeof OptionsSchema.parse>
// The contract takes looser input (blank → default); the form always holds ContentOptions.
const optionsResolver = zodResolver(OptionsSchema) as unknown as Resolver<ContentOptions, unknown, OptionsOutput>

/** docs/product.md §9 defaults: professional, medium, 'brand marketers and Gen Z audiences', contact the company. */
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

/** docs/product.md §2 step 3: tone, length, audience, key points, call to action, then Generate Blog Content. */
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
        <SelectField
          id={id('tone')}
          label="Tone"
          error={errors.tone?.message}
          field={tone.field}
          options={TONES.map((t) => [t, TONE_LABELS[t]])}
        />
        <SelectField
          id={id('length')}
          label="Length"
          error={errors.length?.message}
          field={length.field}
          options={LENGTHS.map((l) => [l, `${LENGTH_LABELS[l]} (${WORD_RANGES[l].min}-${WORD_RANGES[l].max} words)`])}
        />
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
          <BusyIcon busy={pending} icon={FileTextIcon} />
          {pending ? `Generating Content... (${CONTENT_DURATION})` : 'Generate Blog Content'}
        </Button>
      </div>
    </form>
  )
}

/** A labelled select bound to a field of the form, offering `options` as [value, label] pairs. */
function SelectField({
  id,
  label,
  error,
  field,
  options,
}: {
  id: string
  label: string
  error: string | undefined
  field: ControllerRenderProps<ContentOptions, 'tone' | 'length'>
  options: [string, string][]
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Select value={field.value} onValueChange={field.onChange} name={field.name}>
          <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map(([value, text]) => (
              <SelectItem key={value} value={value}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  )
}
