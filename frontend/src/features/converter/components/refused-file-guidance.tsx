import { MAX_UPLOAD_BYTES } from '@chatexhibit/proto/constants';
import { PAGE_PATHS } from '@chatexhibit/proto/site';
import { FileWarning, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import type { RefusedFile } from '../refused-file';

const MiB = 1024 * 1024;

/**
 * Beside SPEC's 5-second toast, what stays on the page after a file is refused (when chosen, or
 * by processing): what the file is, and how to make one that is accepted.
 */
export function RefusedFileGuidance({ refused, onClose }: { refused: RefusedFile; onClose(): void }) {
  const section = useRef<HTMLElement>(null);
  // It shows above the drop zone the person is looking at: brought to the top at each refusal,
  // below the sticky header (the page's scroll padding), so SPEC's toast at the bottom leaves it
  // clear. (A block, not an expression: Chromium's scrollIntoView answers a promise, no cleanup.)
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [refused]);
  return (
    <section
      ref={section}
      aria-labelledby="refused-file-heading"
      data-testid="refused-file-guidance"
      data-reason={refused.reason}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm"
    >
      <div className="flex items-start gap-3">
        <FileWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <h3 id="refused-file-heading" className="flex-1 font-semibold wrap-anywhere">
          {refused.reason === 'too-large'
            ? `“${refused.name}” is over the ${MAX_UPLOAD_BYTES / MiB} MB upload limit`
            : `“${refused.name}” is not a WhatsApp export ZIP`}
        </h3>
        <Button variant="ghost" size="icon" className="-mt-2 -mr-2" aria-label="Close" onClick={onClose}>
          <X />
        </Button>
      </div>
      {refused.reason === 'chat-text' && (
        <>
          <p>
            A .txt file is the chat’s text on its own: Android’s “Export chat” shares it when you choose
            “Without media”. ChatExhibit needs the ZIP file, which keeps the chat as WhatsApp wrote it.
          </p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              Best: export the chat again and choose “Include media” (Android) or “Attach Media” (iPhone). You
              get a ZIP with the voice notes, photos and documents.
            </li>
            <li>
              Text only: put this .txt file into a ZIP (in your Files app: select it, then “Compress”) and
              upload that ZIP. The transcript marks each media item as left out of the export.
            </li>
          </ul>
        </>
      )}
      {refused.reason === 'not-zip' && (
        <p>
          Upload the ZIP file WhatsApp’s “Export chat” makes, as it is: not a single photo, voice note or PDF
          from the chat, and not the unzipped folder.
        </p>
      )}
      {refused.reason === 'not-whatsapp' && (
        <p>
          It was uploaded, but it holds no WhatsApp chat. In WhatsApp, open the chat, tap “Export chat”, and
          upload the ZIP it makes as it is: a ZIP you made of other files holds no chat to read.
        </p>
      )}
      {refused.reason === 'too-large' && (
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            Export the chat again “Without media”: every message is in the transcript, and each media item is
            marked as left out of the export. (On Android, put the .txt file it gives into a ZIP.)
          </li>
          <li>
            Need the media as well? <TextLink to={PAGE_PATHS.contact}>Contact support</TextLink> before
            uploading, saying how large the export is.
          </li>
        </ul>
      )}
      <p>
        <TextLink to={PAGE_PATHS.help}>Step by step: how to export a chat on an iPhone or Android</TextLink>
      </p>
    </section>
  );
}
