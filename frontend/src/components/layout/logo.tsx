import { Scale } from 'lucide-react';
import { cn } from '../../lib/utils';

/** The mark: a scale in a navy tile. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground',
        className,
      )}
    >
      <Scale className="size-5" />
    </span>
  );
}
