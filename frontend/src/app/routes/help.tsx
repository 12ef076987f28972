import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { TextLink } from '../../components/ui/text-link';
import { ExportGuideCard } from '../../features/help/components/export-guide';
import { EXPORT_GUIDES } from '../../features/help/export-steps';
import { usePageMeta } from '../../hooks/use-page-meta';

const MiB = 1024 * 1024;

export function HelpRoute() {
  usePageMeta(
    'How to Export a WhatsApp Chat — ChatExhibit',
    'Step by step: export a WhatsApp chat with its media on an iPhone or an Android phone, and upload the ZIP to ChatExhibit.',
  );
  return (
    <PageContainer className="max-w-3xl">
      <PageIntro title="How to Export a WhatsApp Chat">
        ChatExhibit reads the ZIP file WhatsApp’s “Export chat” makes. Here is how to make it on each phone.
      </PageIntro>
      <div className="grid gap-6">
        {EXPORT_GUIDES.map((guide) => (
          <ExportGuideCard key={guide.id} guide={guide} />
        ))}
        <section id="too-large" aria-labelledby="too-large-heading" className="grid gap-3">
          <h2 id="too-large-heading" className="text-lg font-semibold">
            If the ZIP is over {MAX_UPLOAD_BYTES / MiB} MB
          </h2>
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              Export the chat again “Without Media” (iPhone) or “Without media” (Android, then put the .txt
              file into a ZIP): every message is in the transcript, and each voice note, photo or document is
              marked as left out of the export.
            </li>
            <li>
              Need the media as well? <TextLink to="/contact">Contact support</TextLink> before uploading,
              saying how large the export is.
            </li>
          </ul>
        </section>
        <p>
          Ready? <TextLink to="/#convert">Convert your chat</TextLink>. Questions are answered in the{' '}
          <TextLink to="/faq">FAQ</TextLink>.
        </p>
      </div>
    </PageContainer>
  );
}
