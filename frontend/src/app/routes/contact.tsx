import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { ContactForm } from '../../features/contact/components/contact-form';
import { NeedHelp } from '../../features/contact/components/need-help';
import { usePageMeta } from '../../hooks/use-page-meta';

export function ContactRoute() {
  usePageMeta(
    'Contact Support — ChatExhibit WhatsApp Chat to PDF Converter',
    'Get help with the ChatExhibit WhatsApp chat to PDF converter: exports, payments and refunds.',
  );
  return (
    <PageContainer>
      <PageIntro title="Contact Support">
        Questions about the chat PDF converter, your export or a payment? We are glad to help.
      </PageIntro>
      <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <NeedHelp />
      </div>
    </PageContainer>
  );
}
