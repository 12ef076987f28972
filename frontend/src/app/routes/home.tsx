import { Converter } from '../../features/converter/components/converter';
import { ExhibitMode } from '../../features/exhibit/components/exhibit-mode';
import { Explainer } from '../../features/home/components/explainer';
import { Hero } from '../../features/home/components/hero';
import { usePageMeta } from '../../hooks/use-page-meta';

export function HomeRoute() {
  usePageMeta(
    'ChatExhibit — Court-Ready Evidence',
    'Turn a WhatsApp chat export into a court-ready PDF transcript and evidence package with SHA-256 hashes for Rule 902(14).',
  );
  return (
    <>
      <Hero />
      <Explainer />
      <Converter exhibitMode={(exportId) => <ExhibitMode exportId={exportId} />} />
    </>
  );
}
