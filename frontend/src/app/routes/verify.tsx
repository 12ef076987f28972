import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { VerifyPanel } from '../../features/verify/components/verify-panel';
import { usePageMeta } from '../../hooks/use-page-meta';

export function VerifyRoute() {
  usePageMeta(
    'Verify an Evidence Package — ChatExhibit',
    'Check that the files of a ChatExhibit evidence package are unchanged: every SHA-256 hash is computed in your browser and nothing is uploaded.',
  );
  return (
    <PageContainer>
      <PageIntro title="Verify an Evidence Package">
        Opposing counsel, a clerk or you: check that every file of a package is exactly as it was made.
      </PageIntro>
      <VerifyPanel />
    </PageContainer>
  );
}
