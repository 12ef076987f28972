import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The content column every page uses: centred, with generous vertical spacing. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16', className)} {...props} />;
}

export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
      {children && <p className="mt-4 text-lg text-muted-foreground">{children}</p>}
    </div>
  );
}
