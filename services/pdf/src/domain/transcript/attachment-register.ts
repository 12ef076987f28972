import { messageNumber } from '@chatexhibit/proto/message-number';
import { bytes } from '../export-counts';
import type { EvidenceFile } from '../evidence/types';
import { lineHeight } from '../text/text-layout';
import { formatDuration } from './attachment-files';
import { startPart, type TranscriptContext } from './transcript-context';
import { COLOUR, INDENT, PART_ROOM, SPACE, STYLE } from './transcript-style';
import { CONTENT_WIDTH, PAGE, type TwinPages } from './twin-pages';

/**
 * The attachment register after the messages: every file the chat refers to, with its derived copy;
 * the files named but missing; the files no message names.
 */
export function writeAttachmentRegister(context: TranscriptContext): void {
  const { pages, furniture, files, total } = context;
  const { summary } = context.input;
  const unreferenced = unreferencedFiles(context);
  // An export of text alone says so in one line rather than three empty lists.
  const empty =
    summary.references.size === 0 && summary.missingAttachments.length === 0 && unreferenced.length === 0;
  startPart(pages, empty ? PART_ROOM.emptyRegister : PART_ROOM.register);
  furniture.bookmarkRegister();
  pages.paragraph('Attachment register', PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
  pages.rule(PAGE.margin, CONTENT_WIDTH, COLOUR.rule);
  pages.y += SPACE.afterHeading;
  if (empty) {
    note(pages, 'No message names a file, and the export holds no file besides the chat text.');
    return;
  }
  pages.paragraph(
    'Every file the chat refers to, by attachment number, with its path in the evidence package, the type detected from its content, its size and SHA-256 value, and the message that refers to it. Derived MP3 copies of voice notes follow their originals.',
    PAGE.margin,
    CONTENT_WIDTH,
    STYLE.value,
    COLOUR.text,
  );
  pages.y += SPACE.afterHeading;
  if (summary.references.size === 0) note(pages, 'No message refers to a file in the export.');
  for (const [path, referencing] of summary.references) {
    const file = files.originals.get(path);
    if (file === undefined) continue;
    const derived = files.derivedAudio.get(path);
    const lines = [
      files.references.get(path)!,
      file.path,
      `${file.mediaType ?? 'type not recognised'} · ${bytes(file.sizeBytes)}`,
      `${referencing.length === 1 ? 'message' : 'messages'} ${referencing.map((index) => messageNumber(index, total)).join(', ')}`,
    ];
    pages.ensure(4 * lineHeight(STYLE.attachment));
    pages.paragraph(lines.join(' · '), PAGE.margin, CONTENT_WIDTH, STYLE.attachment, COLOUR.text);
    hashLine(pages, file.sha256);
    if (derived !== undefined) {
      pages.paragraph(
        `Derived MP3 copy: ${derived.path} · ${bytes(derived.sizeBytes)}${derived.durationSeconds ? ` · ${formatDuration(derived.durationSeconds)}` : ''}`,
        PAGE.margin + INDENT,
        CONTENT_WIDTH - INDENT,
        STYLE.attachment,
        COLOUR.muted,
      );
      hashLine(pages, derived.sha256);
    }
    pages.y += SPACE.betweenEntries;
  }

  subheading(pages, 'Files named in the chat but not in the export');
  if (summary.missingAttachments.length === 0) note(pages, 'None.');
  for (const { index, name } of summary.missingAttachments) {
    pages.paragraph(
      `Message ${messageNumber(index, total)}: ${name}`,
      PAGE.margin,
      CONTENT_WIDTH,
      STYLE.attachment,
      COLOUR.flag,
    );
  }

  subheading(pages, 'Files in the export that no message names');
  if (unreferenced.length === 0) note(pages, 'None.');
  for (const file of unreferenced) {
    pages.paragraph(
      `${file.path} · ${file.mediaType ?? 'type not recognised'} · ${bytes(file.sizeBytes)}`,
      PAGE.margin,
      CONTENT_WIDTH,
      STYLE.attachment,
      COLOUR.text,
    );
    hashLine(pages, file.sha256);
  }
}

/** The media and other files of the upload that no message names. */
function unreferencedFiles({ input }: TranscriptContext): EvidenceFile[] {
  const { summary, evidence } = input;
  return evidence.filter(
    (file) =>
      (file.role === 'original-media' || file.role === 'original-other') &&
      file.sourcePath !== null &&
      !summary.references.has(file.sourcePath),
  );
}

/** A file's SHA-256, indented below the line that names the file. */
function hashLine(pages: TwinPages, sha256: string): void {
  pages.paragraph(
    `SHA-256 ${sha256}`,
    PAGE.margin + INDENT,
    CONTENT_WIDTH - INDENT,
    STYLE.attachmentHash,
    COLOUR.muted,
  );
}

function subheading(pages: TwinPages, text: string): void {
  pages.y += SPACE.aboveSubheading;
  pages.ensure(3 * lineHeight(STYLE.label));
  pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.label, COLOUR.heading);
  pages.y += SPACE.afterText;
}

function note(pages: TwinPages, text: string): void {
  pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
}
