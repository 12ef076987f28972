import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { FaqList } from '../../features/faq/components/faq-list';
import { usePageMeta } from '../../hooks/use-page-meta';

export function FaqRoute() {
  usePageMeta(
    'FAQ — ChatExhibit',
    'Answers about court admissibility, WhatsApp exports, the free tier, data retention, voice notes, payment and refunds.',
  );
  return (
    <PageContainer>
      <PageIntro title="Frequently Asked Questions">
        What you need to know about turning a WhatsApp chat into court-ready evidence.
      </PageIntro>
      <FaqList />
    </PageContainer>
  );
}
