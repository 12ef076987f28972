import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { identifierScanStatements } from '@chatexhibit/proto/identifier-scan';
import { timeZoneSourceStatement } from '../time-zone-source';
import { batesStatement } from '../transcript/bates';
import { attachmentReference } from './attachment-reference';
import { uploadPackagePath } from './package-paths';
import { formatUtc, keepTogether, LINE_WIDTH, showInvisible, toText, wrap, wrapPath } from './plain-text';
import type { EvidenceFacts } from './types';

/** A two-column row: `name` padded to `column`, `text` wrapped beside it. */
function row(name: string, text: string, column = 28, indent = '  '): string[] {
  const lead = `${indent}${name}`.padEnd(column);
  if (lead.length > column) return [`${indent}${name}`, ...wrap(text, { indent: ' '.repeat(column) })];
  return wrap(text, { firstIndent: lead, indent: ' '.repeat(column) });
}

const heading = (title: string): string[] => ['', title, '-'.repeat(Math.min(title.length, LINE_WIDTH)), ''];

const paragraph = (text: string, indent = ''): string[] => [...wrap(text, { indent }), ''];

/** Where the operator publishes the code that made the package (SOURCE_URL). */
const sourceCode = (sourceUrl: string): string[] => [
  ...heading('THE SOFTWARE THAT MADE THIS PACKAGE'),
  ...paragraph(
    `The source code of ChatExhibit is published at the address below; ${PACKAGE_PATHS.processingRecord} ` +
      `and ${PACKAGE_PATHS.manifest} name the revision that made this package.`,
  ),
  ...wrapPath(sourceUrl, '    ', '    '),
];

/** The browser check: the site's /verify page computes every hash locally. */
const checkInBrowser = (verifyUrl: string): string[] => [
  'In a web browser, with nothing to install:',
  '',
  ...wrap('Open this page:', { firstIndent: '  1. ', indent: '     ' }),
  '',
  ...wrapPath(verifyUrl, '         ', '         '),
  '',
  ...wrap(
    'Drop the package ZIP file, as it is, onto the page. Your browser computes the hash value of ' +
      'every file itself: nothing is uploaded.',
    { firstIndent: '  2. ', indent: '     ' },
  ),
  ...wrap(
    'Every file must be shown as "Matches". A file shown as "Does not match", "Missing" or "Not ' +
      'in the list" is not the file the package\'s lists name.',
    { firstIndent: '  3. ', indent: '     ' },
  ),
  '',
  "With the computer's own tools:",
  '',
];

/**
 * README.txt: what the package holds and how to check it, in plain words for a reader who is not
 * technical (a paralegal). Wrapped at 80 columns, LF line endings. `transcriptPages` is the page
 * count of each transcript, for their Bates numbers.
 */
export function buildReadme(facts: EvidenceFacts, transcriptPages: number): Buffer {
  const exportFacts = facts.facts;
  const uploadPath = uploadPackagePath(exportFacts.originalFilename);
  // Made by the convert command, nothing was uploaded: the file was read where it was.
  const web = exportFacts.receivedThrough === 'web';
  const hasVoiceNotes = facts.counts.mp3Copies > 0 && exportFacts.options.includeVoiceMessages;
  // derived/ holds only the MP3 copies: a package without them has no such folder.
  const hasDerived = facts.counts.mp3Copies > 0;
  const lines: string[] = [
    'EVIDENCE PACKAGE: WHATSAPP CHAT EXPORT',
    '',
    ...wrapPath(
      showInvisible(exportFacts.originalFilename),
      web ? 'Uploaded file:    ' : 'Export file:      ',
      '                  ',
    ),
    `${web ? 'Received:  ' : 'Read:      '}       ${formatUtc(new Date(exportFacts.receivedAt))}`,
    `Package made:     ${formatUtc(facts.generatedAt)} by ChatExhibit ${facts.toolVersion}`,
    `Export reference: ${facts.exportReference}`,
    '',
    ...paragraph(
      `This package holds a WhatsApp chat export exactly as ${web ? 'it was uploaded to ChatExhibit' : 'ChatExhibit read it'}, the ` +
        'transcripts ChatExhibit made from it, its record of how it processed them, and lists of ' +
        'hash values with which anyone can check that the files are the ones listed.',
    ),

    ...heading('WHAT IS IN THE PACKAGE'),
    ...row(PACKAGE_PATHS.readme, 'This file.'),
    ...row(
      PACKAGE_PATHS.filingTranscript,
      'The court-filing copy of the transcript: PDF/A (the archival PDF format courts ask for), with ' +
        'nothing attached to it.',
    ),
    ...row(
      PACKAGE_PATHS.transcript,
      hasVoiceNotes
        ? 'The same transcript with the voice notes attached inside it, so that they can be ' +
            'played from the PDF.'
        : 'The same transcript as an ordinary PDF, for reading on screen.',
    ),
    ...row(
      PACKAGE_PATHS.messagesCsv,
      'The messages of the transcript as a table, one row per message in the same order, for a ' +
        'spreadsheet (Excel opens it) or a lab tool: number, date and time as recorded (with ' +
        'seconds where the export has them), the time with its UTC offset and in UTC (worked out ' +
        'from the time zone in manifest.json; left empty for a time that zone skipped, and a time ' +
        'it had twice read in the order of the export, as the transcript explains), sender and ' +
        'text as the transcript shows them, flags, the lines of the ' +
        'chat text it came from, and the attachment number of its attachment. A cell that begins ' +
        "with = + - or @ (or a tab) has a ' put in front of it, so that a spreadsheet shows it " +
        'as text instead of running it as a formula: that mark is not part of the message. The ' +
        'chat text in original/ is the evidence.',
    ),
    ...row(
      PACKAGE_PATHS.processingRecord,
      'What ChatExhibit did with this export, written by ChatExhibit (not by a person): the ' +
        'method it follows, step by step, and what it recorded for this export (when the file ' +
        'was received, its hash value, every check, the counts, the notes of its reading of the ' +
        'chat, and the hash values of the manifest, both transcripts and messages.csv).',
    ),
    ...row(
      PACKAGE_PATHS.processingRecordPdf,
      `A PDF/A rendering of ${PACKAGE_PATHS.processingRecord}, for reading and printing. The ` +
        `.txt is the record the declaration names by its SHA-256 hash value.`,
    ),
    ...row(
      PACKAGE_PATHS.declaration,
      'A declaration for a person to complete, sign and file, certifying these files under the ' +
        'Federal Rules of Evidence. It names manifest.json and processing-record.txt by their ' +
        'SHA-256 hash values. Fill in a copy kept outside the package folder: the package itself ' +
        'must stay unchanged.',
    ),
    ...row(PACKAGE_PATHS.declarationDocx, 'The same declaration as a Word file, to paste into a pleading.'),
    ...row(
      PACKAGE_PATHS.certificationNotice,
      'A draft of the written notice to the other side that the Federal Rules of Evidence (902(11) ' +
        'and 902(14)) require before these files are offered as certified; also as .docx.',
    ),
    ...row(
      PACKAGE_PATHS.conventionalFilingNotice,
      'A draft Notice of Conventional (Manual) Filing for the audio files, which courts do not ' +
        'take electronically: each file with its duration and SHA-256 hash value; also as .docx. ' +
        'Only in a package that holds audio (voice notes or other audio files).',
    ),
    ...row(
      PACKAGE_PATHS.manifest,
      'A list, for computers, of every evidence file with its size, type and SHA-256 hash value ' +
        '(and its MD5 and SHA-1, see below).',
    ),
    ...row(
      PACKAGE_PATHS.checksums,
      'The SHA-256 hash value of every file in the package except itself, for checking (see ' + 'below).',
    ),
    ...row('original/', 'The evidence: the files exactly as they were uploaded, bit for bit.'),
    ...row('original/upload/', 'The uploaded ZIP file itself, as received.', 28, '    '),
    ...row(
      'original/...',
      'Every file that was inside the uploaded ZIP file (the chat text, voice notes, photos and ' +
        'other attachments), under the same names and folders as in the ZIP file.',
      28,
      '    ',
    ),
    ...(hasDerived
      ? row(
          'derived/audio/',
          'MP3 copies of the voice notes, made by ChatExhibit so that they play on any computer. ' +
            'They are copies, not originals: manifest.json names the original each one was made from.',
        )
      : []),
    '',
    ...paragraph(
      'ChatExhibit changed nothing in original/: no file was renamed, converted, edited or ' +
        're-saved.' +
        (hasDerived
          ? ' Everything in derived/ was made by ChatExhibit from the originals. When the two ' +
            'differ, the original is the evidence.'
          : ''),
    ),

    ...heading('WHICH PDF TO USE'),
    ...wrap(
      `The court-filing copy: ${PACKAGE_PATHS.filingTranscript}. It is a PDF/A file with no ` +
        'attachments, as court filing systems require. Each voice note and other media file ' +
        `appears in it by its attachment number (${attachmentReference(1)}, ${attachmentReference(2)}, ` +
        'and so on) with its file name; the file itself is in this package, in original/' +
        (hasDerived ? ' (and, for a voice note, also as an MP3 copy in derived/audio/).' : '.'),
      { firstIndent: '- ', indent: '  ' },
    ),
    '',
    // Whether the court-filing copy may be filed publicly: what the scan found, or that it found nothing.
    ...wrap(identifierScanStatements(facts.identifierScan).join(' '), { firstIndent: '- ', indent: '  ' }),
    '',
    ...wrap(
      hasVoiceNotes
        ? `To listen to the voice notes: ${PACKAGE_PATHS.transcript}. The voice notes are ` +
            'attached inside it as MP3 files. Open it in Adobe Acrobat Reader (free) and click ' +
            "a voice note, or open the attachments (paper clip) panel. A web browser's PDF " +
            'viewer may not play them; the same MP3 files are in derived/audio/.'
        : `${PACKAGE_PATHS.transcript} is the transcript for reading on screen; this chat has no ` +
            'voice notes attached to it.',
      { firstIndent: '- ', indent: '  ' },
    ),
    '',
    ...(exportFacts.batesPrefix === null
      ? []
      : [...wrap(batesStatement(exportFacts, transcriptPages), { firstIndent: '- ', indent: '  ' }), '']),
    ...paragraph(
      'Do not edit or re-save any file of the package, not even to "fix" it: any change alters the file\'s hash value, and it will no longer match. To fill in the declaration, copy declaration-template.txt to another folder first and edit the copy.',
    ),

    ...heading('WHAT A HASH VALUE IS'),
    ...paragraph(
      'A SHA-256 hash value is a 64-character fingerprint computed from the contents of a file. ' +
        'The same file always gives the same value; changing even one character of it gives a ' +
        'completely different value. Computing the value of a file today and comparing it with ' +
        'a value recorded earlier shows whether the file is still exactly what it was then.',
    ),
    ...paragraph(
      `SHA-256 is the hash value that checks the package. For each evidence file ` +
        `${PACKAGE_PATHS.manifest} also gives its MD5 and SHA-1 hash values, computed from the ` +
        'same bytes, only so that forensic lab tools which match files on MD5 or SHA-1 can find ' +
        'them. They are older, weaker fingerprints: rely on SHA-256 to check the files.',
    ),
    ...paragraph(
      `What the check proves: that every file of the package is, bit for bit, the file listed ` +
        `for it in ${PACKAGE_PATHS.checksums}. That shows the package agrees with itself, and ` +
        'nothing more: whoever changes a file can also write a new list.',
    ),
    ...paragraph(
      'What ties the package to the export as it was received is a hash value kept outside it: ' +
        `the SHA-256 hash value of ${PACKAGE_PATHS.manifest} stated in the signed and filed ` +
        'declaration (or in a timestamp from an outside service). Compare the hash value of ' +
        `${PACKAGE_PATHS.manifest} (its line in ${PACKAGE_PATHS.checksums}` +
        (facts.verifyUrl === null ? '' : ', or the value the check in a web browser shows') +
        ') with the one in the signed and filed declaration. If they ' +
        `are the same, ${PACKAGE_PATHS.manifest} is the one the declarant certified. A file of ` +
        'the package, the uploaded file in original/upload/ among them, is one the declarant ' +
        `certified only if its SHA-256 hash value is also the value ${PACKAGE_PATHS.manifest} ` +
        `lists for it: the check above compares files with ${PACKAGE_PATHS.checksums}, not with ` +
        `${PACKAGE_PATHS.manifest}, so compare each file's hash value with its ` +
        `${PACKAGE_PATHS.manifest} value as well. ` +
        'A package that has not been filed with a signed declaration is anchored by nothing ' +
        'outside itself.',
    ),
    ...paragraph(
      'What it does not prove: when the package was made, or that it is the package ChatExhibit ' +
        'made, unless its hash values match ones kept outside it as above; who wrote the messages; that the chat on the phone was complete ' +
        'and unaltered before it was exported; anything that happened before the upload. A ' +
        'WhatsApp export also leaves things out: reactions, the message a reply quoted, read ' +
        'receipts, earlier versions of edited messages, and the time zone of the phone (its times ' +
        'are local times without a zone). Those questions need other evidence, such as the ' +
        'testimony of the people involved.',
    ),
    ...paragraph(
      `Time zone: ${timeZoneSourceStatement(exportFacts.timeZone, exportFacts.timeZoneSource)}` +
        (facts.timeNotes.skipped === null ? '' : ` ${facts.timeNotes.skipped}`),
    ),
    'The SHA-256 hash value of the uploaded file is:',
    '',
    `    ${exportFacts.fileHash}`,
    '',
    ...paragraph(
      'The same value is printed on the cover page of the transcript, which names this upload ' +
        'as its source. The transcript also prints the SHA-256 hash value ' +
        `of ${PACKAGE_PATHS.manifest}, which must match the line for ${PACKAGE_PATHS.manifest} in ` +
        `${PACKAGE_PATHS.checksums}.`,
    ),
    'The uploaded file is in the package as:',
    '',
    ...wrapPath(showInvisible(uploadPath), '    ', '    '),

    ...heading('HOW TO CHECK THE FILES'),
    ...(facts.verifyUrl === null ? [] : checkInBrowser(facts.verifyUrl)),
    ...paragraph(
      `First unzip the package (double-click it on a Mac; on Windows right-click it and choose ` +
        `"Extract All"). You get a folder holding ${PACKAGE_PATHS.checksums}, this file, the ` +
        `other documents listed above and ${hasDerived ? 'the folders original/ and derived/' : 'the folder original/'}.`,
    ),
    'On a Mac or on Linux:',
    '',
    ...wrap('Open the Terminal app.', { firstIndent: '  1. ', indent: '     ' }),
    ...wrap('Type cd and a space, drag the unzipped folder onto the Terminal window, and press Enter.', {
      firstIndent: '  2. ',
      indent: '     ',
    }),
    ...wrap('Type this command and press Enter:', { firstIndent: '  3. ', indent: '     ' }),
    '',
    `         shasum -a 256 -c ${PACKAGE_PATHS.checksums}`,
    '',
    ...wrap(`(on Linux, sha256sum -c ${PACKAGE_PATHS.checksums} does the same).`, { indent: '     ' }),
    ...wrap(
      'Every file must be reported "OK". A line with "FAILED", or a message that a file could ' +
        'not be found, means that file is not the original.',
      { firstIndent: '  4. ', indent: '     ' },
    ),
    '',
    'On Windows (PowerShell):',
    '',
    ...wrap(
      'Open the unzipped folder in File Explorer, right-click an empty area of the window and ' +
        'choose "Open in Terminal" (or hold Shift while right-clicking and choose "Open ' +
        'PowerShell window here").',
      { firstIndent: '  1. ', indent: '     ' },
    ),
    ...wrap('To check one file, type this and press Enter:', { firstIndent: '  2. ', indent: '     ' }),
    '',
    '         Get-FileHash -Algorithm SHA256 <file>',
    '',
    ...wrap(
      `with the file's name in place of <file>, for example: ` +
        `${keepTogether(`Get-FileHash -Algorithm SHA256 ${PACKAGE_PATHS.transcript}`)}. Compare the Hash it shows with the value on the file's line ` +
        `in ${PACKAGE_PATHS.checksums} (open it with Notepad). Capital and small letters do not ` +
        'matter; every one of the 64 characters must be the same.',
      { indent: '     ' },
    ),
    ...wrap('To check every file at once, paste these lines and press Enter:', {
      firstIndent: '  3. ',
      indent: '     ',
    }),
    '',
    `       Get-Content -Encoding UTF8 ${PACKAGE_PATHS.checksums} | ForEach-Object {`,
    "         $hash, $file = $_ -split '  ', 2",
    '         $actual = (Get-FileHash -Algorithm SHA256 -LiteralPath $file).Hash',
    '         if ($actual -eq $hash) { "OK      $file" } else { "FAILED  $file" }',
    '       }',
    '',
    ...wrap('Every line must start with OK.', { indent: '     ' }),
    '',
    ...paragraph(
      'If a check fails, keep the package as it is, do not try to repair it, and ask for a new ' +
        'copy from the person who made it. A copy of the package made by copying the ZIP file ' +
        'or the unzipped folder checks exactly like the original.',
    ),
    ...paragraph(
      `The hash values of the evidence files are also listed in ${PACKAGE_PATHS.manifest}; ` +
        `${PACKAGE_PATHS.processingRecord} lists the hash values of ${PACKAGE_PATHS.manifest}, ` +
        `both transcripts and ${PACKAGE_PATHS.messagesCsv}, and the declaration that of ` +
        `${PACKAGE_PATHS.manifest} and of ${PACKAGE_PATHS.processingRecord}.`,
    ),
    ...(facts.sourceUrl === null ? [] : sourceCode(facts.sourceUrl)),
  ];
  return toText(lines);
}
