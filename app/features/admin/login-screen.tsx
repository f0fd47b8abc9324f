import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeftIcon, EyeIcon, EyeOffIcon, LockKeyholeIcon, ShieldCheckIcon, SmartphoneIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { BrandMark } from '#app/components/brand/brand-mark.tsx'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useFlashToast } from '#app/features/admin/flash-toast.ts'
import { useLogin, useLoginCode, useRecheckStatus } from '#app/features/admin/queries.ts'
import { safeNext } from '#app/features/admin/safe-next.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.ts'
import { useSite } from '#app/lib/use-site.ts'
import { cn } from '#app/lib/utils.ts'
import { INVALID_CREDENTIALS } from '#common/contract/admin.ts'
import {
  createSecurityQuestion,
  isCorrectAnswer,
  type LoginFormData,
  LoginFormInput,
  type LoginFormValues,
  questionText,
  type SecurityQuestion,
} from '#common/security-question.ts'

const loginFailed = (description: string) => toast({ variant: 'destructive', title: 'Login Failed', description })
const loginError = () =>
  toast({ variant: 'destructive', title: 'Login Error', description: 'Failed to authenticate. Please try again.' })

/** docs/product.md §2 Admin login: the card, centred on a soft brand background. */
export function LoginScreen({ next }: { next: string | null }) {
  const site = useSite()
  useFlashToast()
  return (
    <div className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-violet-200/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -bottom-32 size-96 rounded-full bg-pink-200/40 blur-3xl"
      />
      <main className="relative w-full max-w-md">
        <a
          href="/"
          className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to {site.brandName}
        </a>
        <div className="rounded-2xl border bg-white/90 p-8 shadow-xl shadow-violet-900/5 backdrop-blur">
          <div className="mb-8 flex flex-col items-center text-center">
            <BrandMark className="size-12" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">Sign in to access the {site.brandName} admin panel</p>
          </div>
          <LoginForm next={next} />
        </div>
      </main>
    </div>
  )
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}

export function LoginForm({ next }: { next: string | null }) {
  const navigate = useNavigate()
  const login = useLogin()
  const recheckStatus = useRecheckStatus()
  const ids = useId()
  const [question, setQuestion] = useState<SecurityQuestion | null>(null)
  const [showPassword, setShowPassword] = useState(false)
  const [busy, setBusy] = useState(false)
  // Issue 28: the password was right and the account has two-factor sign-in: the code comes next.
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useForm<LoginFormValues, unknown, LoginFormData>({
    resolver: zodResolver(LoginFormInput),
    defaultValues: { username: '', password: '', mathAnswer: '' },
  })
  const { errors } = form.formState

  // Generated on the client once hydrated: a question drawn on the server would not match the
  // one the browser draws (a hydration mismatch), and would be visible in the cached HTML.
  useEffect(() => setQuestion(createSecurityQuestion()), [])

  /** Every failed attempt gets a fresh question and an empty answer. */
  const newQuestion = () => {
    setQuestion(createSecurityQuestion())
    form.setValue('mathAnswer', '')
  }

  const onSubmit = form.handleSubmit(async ({ username, password, mathAnswer }) => {
    if (!question) return
    if (!isCorrectAnswer(question, mathAnswer)) {
      toast({
        variant: 'destructive',
        title: 'Incorrect Math Answer',
        description: 'Please solve the math problem correctly.',
      })
      newQuestion()
      form.setFocus('mathAnswer')
      return
    }
    setBusy(true)
    try {
      const answer = await login.mutateAsync({ username, password })
      if (answer.twoFactor) {
        setChallenge(answer.twoFactor.challenge)
        return
      }
      if (!answer.success) {
        loginFailed(answer.message || INVALID_CREDENTIALS)
        newQuestion()
        return
      }
      if (!(await signedIn())) newQuestion()
    } catch (error) {
      // A refusal from the server (wrong password, lock-out, bad input) shows its own sentence;
      // no answer at all, or a server fault, is a failure to authenticate.
      if (error instanceof ApiError && error.status < 500) loginFailed(error.serverMessage ?? INVALID_CREDENTIALS)
      else loginError()
      newQuestion()
    } finally {
      setBusy(false)
    }
  })

  /** After a sign-in the status is re-checked (docs/product.md §4); answers whether it counted. */
  const signedIn = async () => {
    const status = await recheckStatus()
    if (!status.isAuthenticated) {
      toast({
        variant: 'destructive',
        title: 'Authentication Error',
        description: 'Login successful but session not properly set. Please try again.',
      })
      return false
    }
    toast({ title: 'Login Successful', description: 'Welcome to the admin panel!' })
    await navigate(safeNext(next), { replace: true })
    return true
  }

  const describedBy = (name: keyof LoginFormValues) => (errors[name] ? `${ids}-${name}-error` : undefined)

  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        onSignedIn={signedIn}
        onStartOver={() => {
          setChallenge(null)
          form.setValue('password', '')
          newQuestion()
        }}
      />
    )
  }

  return (
    // method="post": should the form ever submit natively, credentials stay out of the URL.
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${ids}-username`}>Username</Label>
        <Input
          id={`${ids}-username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy('username')}
          {...form.register('username')}
        />
        <FieldError id={`${ids}-username-error`} message={errors.username?.message} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={`${ids}-password`}>Password</Label>
        <div className="relative">
          <Input
            id={`${ids}-password`}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            className="pr-11"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('password')}
            {...form.register('password')}
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            aria-controls={`${ids}-password`}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          >
            {showPassword ? (
              <EyeOffIcon className="size-4" aria-hidden="true" />
            ) : (
              <EyeIcon className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
        <FieldError id={`${ids}-password-error`} message={errors.password?.message} />
      </div>

      <fieldset className="space-y-2 rounded-xl border border-violet-100 bg-violet-50/60 p-4">
        {/* float + full width keeps the legend inside the box instead of on its border. */}
        <legend className="float-left mb-2 flex w-full items-center gap-2 text-sm font-medium text-slate-900">
          <ShieldCheckIcon className="size-4 text-primary" aria-hidden="true" />
          Security Check
        </legend>
        <div className="clear-both flex items-center gap-3">
          <Label
            htmlFor={`${ids}-answer`}
            className="flex h-10 min-w-36 shrink-0 items-center text-base font-semibold tabular-nums text-secondary-foreground"
          >
            {question ? (
              questionText(question)
            ) : (
              <>
                <span className="sr-only">Loading the security question</span>
                <Skeleton className="h-5 w-32" />
              </>
            )}
          </Label>
          <Input
            id={`${ids}-answer`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Answer"
            disabled={!question}
            className="bg-white"
            aria-invalid={errors.mathAnswer ? true : undefined}
            aria-describedby={describedBy('mathAnswer')}
            {...form.register('mathAnswer')}
          />
        </div>
        <FieldError id={`${ids}-mathAnswer-error`} message={errors.mathAnswer?.message} />
      </fieldset>

      <Button
        type="submit"
        variant="gradient"
        size="lg"
        className={cn('w-full', busy && 'cursor-progress')}
        disabled={busy || !question}
      >
        <BusyIcon busy={busy} icon={LockKeyholeIcon} />
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  )
}

/**
 * Issue 28, the second step of a sign-in: the 6-digit code from the authenticator app, or a
 * recovery code. The challenge of the right password lasts 5 minutes; after that, or when it is
 * used up, the person starts over with the password.
 */
function CodeStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: string
  onSignedIn: () => Promise<boolean>
  onStartOver: () => void
}) {
  const id = useId()
  const verify = useLoginCode()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [recovery, setRecovery] = useState(false)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => inputRef.current?.focus(), [])

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(undefined)
    if (code.trim() === '') {
      setError(recovery ? 'Enter a recovery code' : 'Enter the 6-digit code')
      return
    }
    setBusy(true)
    try {
      await verify.mutateAsync({ challenge, code })
      await onSignedIn()
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { expired?: boolean } | null) : null
      if (e instanceof ApiError && (body?.expired || e.status === 429)) {
        loginFailed(e.serverMessage ?? 'Please sign in again.')
        onStartOver()
        return
      }
      if (e instanceof ApiError && e.status < 500) {
        setError(e.fields.code ?? e.serverMessage ?? 'That code is not right.')
        setCode('')
        inputRef.current?.focus()
      } else loginError()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3 rounded-xl border border-violet-100 bg-violet-50/60 p-4">
        <SmartphoneIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Two-factor sign-in
          </h2>
          <p className="text-sm text-muted-foreground">
            {recovery
              ? 'Enter one of your recovery codes. Each works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </p>
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>{recovery ? 'Recovery code' : 'Authentication code'}</Label>
        <Input
          ref={inputRef}
          id={`${id}-code`}
          name="code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 20 : 7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
        />
        <FieldError id={`${id}-code-error`} message={error} />
      </div>
      <Button
        type="submit"
        variant="gradient"
        size="lg"
        className={cn('w-full', busy && 'cursor-progress')}
        disabled={busy}
      >
        <BusyIcon busy={busy} icon={LockKeyholeIcon} />
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded-md font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setRecovery((v) => !v)
            setCode('')
            setError(undefined)
            inputRef.current?.focus()
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button
          type="button"
          className="rounded-md font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          onClick={onStartOver}
        >
          Start over
        </button>
      </div>
    </form>
  )
}
