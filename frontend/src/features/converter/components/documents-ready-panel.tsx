import type { PurchaseReceipt } from '@chatexhibit/proto/payment';
import { PAGE_PATHS } from '@chatexhibit/proto/site';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { TextLink } from '../../../components/ui/text-link';
import { CONVERTER_TEXTS } from '../converter-texts';
import type { LinksReceipt } from '../hooks/use-processing';
import { utcDay } from '../utc-day';
import { EmailedLinksNotice } from './emailed-links-notice';

const TEXTS = CONVERTER_TEXTS.documentsReady;

/** "$4.99" for 499 USD cents. */
const amountOf = ({ amountCents, currency }: PurchaseReceipt): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountCents / 100);

/**
 * Once an export is ready, lasting on the page (SPEC's toasts go after seconds): what is ready,
 * a bought export's receipt (amount, date, the export's reference, never an id), where the links
 * were mailed and until when, and what to do next. Back from checkout it takes the focus, so a
 * screen reader starts there.
 */
export function DocumentsReadyPanel({
  purchase,
  mailed,
  takeFocus,
}: {
  purchase: PurchaseReceipt | null;
  mailed: LinksReceipt | null;
  takeFocus: boolean;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The page scrolls on its own terms (the converter's); focus must not scroll it again.
    if (takeFocus) heading.current?.focus({ preventScroll: true });
  }, [takeFocus]);
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="documents-ready"
      className="grid gap-4 rounded-lg border border-accent/40 bg-card p-4 text-sm sm:p-5"
    >
      <div className="flex items-start gap-2">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
            {TEXTS.title}
          </h2>
          <p className="text-muted-foreground">{TEXTS.ready}</p>
        </div>
      </div>
      {purchase && (
        <div className="grid gap-2" data-testid="receipt">
          <h3 className="font-semibold">{TEXTS.receipt}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{TEXTS.paid}</dt>
            <dd data-testid="receipt-amount">{amountOf(purchase)}</dd>
            <dt className="text-muted-foreground">{TEXTS.paidOn}</dt>
            <dd data-testid="receipt-date">{utcDay(purchase.paidAt)}</dd>
            <dt className="text-muted-foreground">{TEXTS.reference}</dt>
            <dd className="min-w-0">
              <span className="font-mono" data-testid="receipt-reference">
                {purchase.reference}
              </span>
              <span className="block text-muted-foreground">{TEXTS.referenceHint}</span>
            </dd>
          </dl>
        </div>
      )}
      {mailed && <EmailedLinksNotice {...mailed} />}
      <div className="grid gap-2">
        <h3 className="font-semibold">{TEXTS.nextTitle}</h3>
        <ol className="grid list-decimal gap-1.5 pl-5" data-testid="next-steps">
          <li>{TEXTS.download}</li>
          <li>
            {TEXTS.verifyBefore} <TextLink to={PAGE_PATHS.verify}>{TEXTS.verifyLink}</TextLink>
            {TEXTS.verifyAfter}
          </li>
          <li>{TEXTS.exhibit}</li>
          <li>{TEXTS.file}</li>
        </ol>
      </div>
    </section>
  );
}
