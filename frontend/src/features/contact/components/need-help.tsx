import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SupportEmailLink } from '../../../components/support-email-link';

export function NeedHelp() {
  return (
    <section aria-labelledby="need-help" className="w-full rounded-xl border border-border bg-muted p-8">
      <h2 id="need-help" className="flex items-center gap-2 text-xl font-semibold">
        <Mail className="size-5 text-primary" aria-hidden="true" />
        Need Help?
      </h2>
      <p className="mt-3 text-muted-foreground">
        For questions about converting a chat export, a payment or a refund, email our support team directly:
      </p>
      <p className="mt-4">
        <SupportEmailLink className="text-lg" />
      </p>
      <p className="mt-4 text-sm text-muted-foreground">
        Many answers are already in the{' '}
        <Link to="/faq" className="font-medium text-primary underline-offset-4 hover:underline">
          FAQ
        </Link>
        .
      </p>
    </section>
  );
}
