import { MailCheck } from 'lucide-react';
import { utcDay } from '../utc-day';

/**
 * After a purchase, lasting on the page (the toasts go after seconds): where the links were
 * mailed and until when they hold.
 */
export function EmailedLinksNotice({
  emailedTo,
  linksValidUntil,
}: {
  emailedTo: string;
  linksValidUntil: string | null;
}) {
  return (
    <p
      role="status"
      data-testid="emailed-links"
      className="flex items-start gap-2 rounded-lg border border-border bg-muted p-4 text-sm"
    >
      <MailCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span className="min-w-0 break-words">
        We emailed the links to <strong>{emailedTo}</strong>
        {linksValidUntil ? `; they are valid until ${utcDay(linksValidUntil)}.` : '.'}
      </span>
    </p>
  );
}
