import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-gold text-on-gold hover:bg-gold-strong border-transparent',
  secondary: 'bg-surface-raised text-ink border-line hover:border-gold',
  ghost: 'bg-transparent text-ink border-transparent hover:bg-surface-raised',
  danger: 'bg-danger-surface text-white border-danger hover:brightness-110',
};

/** Shared button styling; class names let a caller size or place it. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border px-4 py-2 font-medium',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
