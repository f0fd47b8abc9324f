import { cva, type VariantProps } from 'class-variance-authority'
import { cloneElement, isValidElement } from 'react'
import { cn } from '#app/lib/utils.ts'

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
        gradient:
          'bg-gradient-to-r from-violet-700 to-pink-700 text-white shadow-sm hover:from-violet-800 hover:to-pink-800',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  if (asChild)
    return (
      <Slot data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...(props as SlotProps)} />
    )
  return (
    <button
      data-slot="button"
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  )
}

type SlotProps = React.HTMLAttributes<HTMLElement> & { ref?: React.Ref<HTMLElement> }

/**
 * `asChild`: the button's classes and props on its one child element (a link, mostly), the child's
 * own props winning, class names joined and click handlers both run. Radix's Slot does the same
 * with more cases; this one keeps Radix off public pages (docs/decisions/037).
 */
function Slot({ children, className, onClick, ...props }: SlotProps) {
  if (!isValidElement<SlotProps>(children)) return null
  const own = children.props
  return cloneElement(children, {
    ...props,
    ...own,
    className: cn(className, own.className),
    onClick:
      onClick && own.onClick
        ? (e: React.MouseEvent<HTMLElement>) => {
            own.onClick?.(e)
            if (!e.defaultPrevented) onClick(e)
          }
        : (own.onClick ?? onClick),
  })
}
