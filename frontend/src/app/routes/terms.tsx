import {
  BUNDLE_PRICE,
  FREE_TIER_LIMITS,
  MAX_UPLOAD_BYTES,
  REFUND_WINDOW_DAYS,
  RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { SupportEmailLink } from '../../components/support-email-link';
import { TextLink } from '../../components/ui/text-link';
import { LegalSection } from '../../features/legal/components/legal-section';
import { usePageMeta } from '../../hooks/use-page-meta';

const MiB = 1024 * 1024;

export function TermsRoute() {
  usePageMeta(
    'Terms of Service — ChatExhibit',
    'The terms for using ChatExhibit: what the service does, the price, refunds, your responsibilities and the limits of what a transcript proves.',
  );
  return (
    <PageContainer className="max-w-3xl">
      <PageIntro title="Terms of Service">The short rules for using ChatExhibit.</PageIntro>
      <div className="grid gap-10">
        <LegalSection id="service" title="1. The service">
          <p>
            ChatExhibit turns a WhatsApp chat export (a ZIP file of up to {MAX_UPLOAD_BYTES / MiB} MB) into a
            PDF transcript and an evidence package holding the original files and their SHA-256 hash values.
            There are no accounts.
          </p>
        </LegalSection>
        <LegalSection id="price" title="2. Price and refunds">
          <ul>
            <li>
              Exports with up to {FREE_TIER_LIMITS.maxMessages} messages and{' '}
              {FREE_TIER_LIMITS.maxMediaBytes / MiB} MB of media are free. A larger export costs{' '}
              {BUNDLE_PRICE.label}, once, paid on Stripe’s checkout after processing. There are no recurring
              fees.
            </li>
            <li>
              If the PDF or the ZIP fails or is incomplete, we refund the charge: email us within{' '}
              {REFUND_WINDOW_DAYS === 7 ? 'seven' : REFUND_WINDOW_DAYS} days.
            </li>
            <li>
              Files are kept for {RETENTION_DAYS} days after purchase, then deleted: download them in time.
            </li>
          </ul>
        </LegalSection>
        <LegalSection id="yours" title="3. Your responsibilities">
          <ul>
            <li>Upload only chats you are entitled to use, and use the documents lawfully.</li>
            <li>Check the transcript against the chat on the phone before you file it.</li>
          </ul>
        </LegalSection>
        <LegalSection id="evidence" title="4. What the documents do and do not prove">
          <p>
            The SHA-256 values show that a file is unchanged since the package was made; they do not show that
            the chat on the phone was complete or genuine. Whether an exhibit is admitted is for the court to
            decide. ChatExhibit is not a law firm and gives no legal advice.
          </p>
        </LegalSection>
        <LegalSection id="contact" title="5. Contact">
          <p>
            <SupportEmailLink />, or the <TextLink to="/contact">contact form</TextLink>. How we handle your
            data: the <TextLink to="/privacy">privacy policy</TextLink>.
          </p>
        </LegalSection>
      </div>
    </PageContainer>
  );
}
