import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-border bg-background px-3 py-1 text-sm font-medium text-foreground [&_svg]:size-4 [&_svg]:text-accent',
        className,
      )}
      {...props}
    />
  );
}
