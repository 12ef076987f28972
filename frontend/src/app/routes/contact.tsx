import { PageContainer, PageIntro } from '../../components/layout/page-container';
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
      <NeedHelp />
    </PageContainer>
  );
}
