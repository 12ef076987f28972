import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/utils';

/** A link inside running text: underlined, in the primary colour. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn('font-medium text-primary underline underline-offset-4 hover:no-underline', className)}
      {...props}
    />
  );
}
