import type { ButtonHTMLAttributes } from 'react';
import * as s from './ui.css.ts';

export function Button({
  variant = 'primary',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  return <button type="button" className={variant === 'primary' ? s.button : s.secondaryButton} {...props} />;
}
