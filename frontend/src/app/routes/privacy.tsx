import {
  CONTACT_MESSAGE_RETENTION_DAYS,
  DOWNLOAD_LINK_VALIDITY_DAYS,
  EXTRA_STORAGE_MONTH_PRICE_CENTS,
  FREE_EXPORT_RETENTION_DAYS,
  RETENTION_DAYS,
  UNFINISHED_EXPORT_RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { SupportEmailLink } from '../../components/support-email-link';
import { TextLink } from '../../components/ui/text-link';
import { LegalSection } from '../../features/legal/components/legal-section';
import { CONVERTER_TEXTS } from '../../features/converter/converter-texts';
import { usePageMeta } from '../../hooks/use-page-meta';

/** What the app stores, for how long and who sees it: docs/security.md's retention table, in plain words. */
export function PrivacyRoute() {
  usePageMeta(
    'Privacy Policy — ChatExhibit',
    'What ChatExhibit stores of your WhatsApp chat export, for how long, who can see it, how to delete it, and which processors are used.',
  );
  return (
    <PageContainer className="max-w-3xl">
      <PageIntro title="Privacy Policy">
        A chat export holds private messages of several people. Here is what we keep of it, for how long, and
        how you take it back.
      </PageIntro>
      <div className="grid gap-10">
        <LegalSection id="stored" title="1. What we store">
          <ul>
            <li>
              Your upload: the ZIP file, the chat text and its messages, voice notes, photos and documents,
              and what we make of them (the PDF transcripts, the evidence package, playable voice-note copies
              and thumbnails).
            </li>
            <li>
              What you type in the form: the phone’s time zone and, if you give them, the Bates prefix and
              first Bates number, case number, exhibit number, who prepared it and the exporting account.
            </li>
            <li>For a purchase, the email address the download links are sent to.</li>
            <li>For a message through the contact form, your name, email address, subject and message.</li>
          </ul>
          <p>
            We keep no account, and the site sets no advertising or analytics cookies. Your browser keeps, in
            its local storage on your device, only what the converter needs over a reload: your last export’s
            id, file name, size and time zone, what a checkout needs (the bundle id and the email address you
            typed) and where the links were emailed, the cover fields you typed, and the name of a file you
            chose but did not upload yet. None of it is sent to us except to ask about that export.
          </p>
        </LegalSection>

        <LegalSection id="retention" title="2. How long we keep it">
          <ul>
            <li>A free export is deleted {FREE_EXPORT_RETENTION_DAYS} days after upload.</li>
            <li>
              An export over the free tier that is not purchased is deleted {UNPAID_EXPORT_RETENTION_DAYS}{' '}
              days after upload.
            </li>
            <li>
              An upload that could not be processed (not a WhatsApp export, a damaged archive) is deleted{' '}
              {UNFINISHED_EXPORT_RETENTION_DAYS} day after upload.
            </li>
            <li>
              A purchased export is deleted {RETENTION_DAYS} days after purchase; its download links work for{' '}
              {DOWNLOAD_LINK_VALIDITY_DAYS} days. Only if you ask support is it kept longer ($
              {(EXTRA_STORAGE_MONTH_PRICE_CENTS / 100).toFixed(0)} per extra month).
            </li>
            <li>A contact message is deleted {CONTACT_MESSAGE_RETENTION_DAYS} days after it arrives.</li>
            <li>
              A purchase is kept for our accounts, without your email address: amount, date and Stripe’s
              payment references.
            </li>
            <li>A file that is refused (not a WhatsApp export, or damaged) is deleted at once.</li>
          </ul>
        </LegalSection>

        <LegalSection id="access" title="3. Who can see it">
          <ul>
            <li>
              Whoever holds a download link: the links are long and secret, and are given only to your browser
              and to the email address you entered.
            </li>
            <li>
              The transcript, the evidence package, the mail and our logs name an export only by its reference
              (CE-XXXX-XXXX-XXXX), which opens nothing.
            </li>
            <li>
              Our support staff, when you ask for help with an export or a refund. We do not sell or share
              your data with anyone else.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="deletion" title="4. Deleting your export now">
          <p>
            Once an export is processed, the converter shows the button “{CONVERTER_TEXTS.deleteExport.button}
            ”. It deletes your uploaded ZIP, the chat, its voice notes and images, the transcripts and the
            evidence package from our servers at once, and every download link stops working, including those
            in emails. Or write to support with the export reference.
          </p>
        </LegalSection>

        <LegalSection id="processors" title="5. Processors we use">
          <ul>
            <li>
              Stripe, for card payments: you pay on Stripe’s own checkout page, so your card details never
              reach our servers. Stripe receives the email address you give and our ids of the purchase.
            </li>
            <li>
              Our email delivery service, which sends the download-link mail to you and contact messages to
              our support inbox.
            </li>
            <li>Our hosting provider, whose servers and storage run ChatExhibit and hold the files above.</li>
          </ul>
        </LegalSection>

        <LegalSection id="contact" title="6. Contact">
          <p>
            Questions about your data, or a request to delete it: <SupportEmailLink />, or the{' '}
            <TextLink to="/contact">contact form</TextLink>. See also the{' '}
            <TextLink to="/terms">terms of service</TextLink>.
          </p>
        </LegalSection>
      </div>
    </PageContainer>
  );
}
