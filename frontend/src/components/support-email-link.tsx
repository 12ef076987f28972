import { useSupportEmail } from '../config/support';
import { cn } from '../lib/utils';

/** A mailto link to the support inbox the server is configured with. */
export function SupportEmailLink({ className }: { className?: string }) {
  const email = useSupportEmail();
  return (
    <a
      href={email ? `mailto:${email}` : undefined}
      data-testid="support-email"
      className={cn('font-medium text-primary underline-offset-4 hover:underline', className)}
    >
      {email ?? 'our support inbox'}
    </a>
  );
}
