import { lazy, Suspense } from 'react';
import { Converter } from '../../features/converter/components/converter';
import { Explainer } from '../../features/home/components/explainer';
import { Hero } from '../../features/home/components/hero';
import { usePageMeta } from '../../hooks/use-page-meta';

// Only a processed export has an Exhibit mode: its code is fetched then, not with the home page.
const ExhibitMode = lazy(async () => ({
  default: (await import('../../features/exhibit/components/exhibit-mode')).ExhibitMode,
}));

export function HomeRoute() {
  usePageMeta(
    'ChatExhibit — Court-Ready Evidence',
    'Turn a WhatsApp chat export into a court-ready PDF transcript and evidence package with SHA-256 hashes for Rule 902(14).',
  );
  return (
    <>
      <Hero />
      <Explainer />
      <Converter
        exhibitMode={(exportId) => (
          <Suspense fallback={<p className="text-muted-foreground p-4 text-sm">Loading Exhibit mode…</p>}>
            <ExhibitMode exportId={exportId} />
          </Suspense>
        )}
      />
    </>
  );
}
