// declaration-template.txt and .docx: a declaration under 28 U.S.C. § 1746 certifying the package
// under Federal Rule of Evidence 902(14), pre-filled with the facts of the export and blank where
// only the person who signs can swear. The declarant swears only what a person can know (FRE
// 602): how, when and where they made the export, how the file was kept, that they verified the
// hashes and compared the filing copy with the chat. What ChatExhibit did is ChatExhibit's own
// statement, the processing record, which the declaration incorporates by its SHA-256, as it does
// manifest.json instead of listing every file. A certification covers the accuracy of the copy,
// not who wrote the messages (United States v. Browne, 834 F.3d 403 (3d Cir. 2016)), so
// authorship has a section of its own.

import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { identifierScanStatements } from '@chatexhibit/proto/identifier-scan';
import { NO_EXAMINATION, type ReceiptChannel } from '@chatexhibit/proto/processing-options';
import { timeZoneSourceStatement } from '../time-zone-source';
import { countRows, entriesSentence } from '../export-counts';
import { attachmentReference } from './attachment-reference';
import { type Block, type Inline, type LegalDocument, renderDocx, renderText } from './legal-document';
import { utcIso } from './manifest';
import { uploadPackagePath } from './package-paths';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import { formatRecorded, formatUtc, showInvisible } from './plain-text';
import { type EvidenceFacts, type EvidenceFile, isAudioEvidence } from './types';

export interface DeclarationHashes {
  /** SHA-256 of manifest.json. */
  manifest: string;
  /** SHA-256 of transcript.pdf. */
  transcript: string;
  /** SHA-256 of transcript-filing.pdf. */
  filingTranscript: string;
  /** SHA-256 of processing-record.txt. */
  processingRecord: string;
}

/** The sentences a declarant cannot know, which the processing record states instead. */
export const TOOL_INTERNALS_NOT_SWORN = [
  'the path of every file inside it was checked',
  "checking each file's hash value again as it was packed",
  'It unpacked the upload safely',
  'it was not opened, edited or re-saved',
] as const;

/**
 * The words of the declaration that depend on how the package was made: uploaded to the web
 * service, or made by `npm run convert` on a computer of the user's own, where nothing is uploaded
 * and no service is involved.
 */
const RECEIPT_WORDS: Readonly<
  Record<
    ReceiptChannel,
    {
      computer: string;
      handedOver: string;
      who: string;
      when: string;
      until: string;
      theFile: string;
      receipt: string;
      tool: string;
    }
  >
> = {
  web: {
    computer: 'the computer it was uploaded from',
    handedOver: ' and uploaded to ChatExhibit by ',
    who: 'name of the person who uploaded it',
    when: 'date of upload',
    until: 'its upload',
    theFile: 'The export file uploaded to ChatExhibit is:',
    receipt: "ChatExhibit's record of its receipt",
    tool: 'a web service, received the export file as an upload',
  },
  cli: {
    computer: 'the computer on which ChatExhibit was run',
    handedOver: ', where ChatExhibit was run on it by ',
    who: 'name of the person who ran ChatExhibit',
    when: 'date ChatExhibit was run',
    until: 'that day',
    theFile: 'The export file ChatExhibit read is:',
    receipt: "ChatExhibit's record of when it read the file",
    tool: 'a program run on that computer (its "convert" command), read the export file',
  },
};

/** The facts a pleading's caption needs, the same in the declaration and the notices. */
export function captionBlocks(facts: EvidenceFacts): Block[] {
  const caseNumber = (facts.facts.examination ?? NO_EXAMINATION).caseNumber;
  return [
    { kind: 'title', text: [{ blank: 'court' }] },
    { kind: 'title', text: [{ blank: 'case caption' }] },
    {
      kind: 'title',
      text:
        caseNumber === null
          ? ['Case No. ', { blank: 'case number' }]
          : [`Case No. ${showInvisible(caseNumber)}`],
    },
  ];
}

/** A quoted name, invisible characters shown as <U+XXXX>. */
export const quotedName = (name: string): string => `"${showInvisible(name)}"`;

export function checkHashes(hashes: object): void {
  for (const [name, value] of Object.entries(hashes)) {
    if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value)) {
      throw new Error(`the ${name} hash is not a lower-case hex SHA-256`);
    }
  }
}

/** The declaration as blocks, rendered to text and to Word from the same words. */
export function declarationDocument(
  facts: EvidenceFacts,
  files: readonly EvidenceFile[],
  hashes: DeclarationHashes,
): LegalDocument {
  checkHashes(hashes);
  const exportFacts = facts.facts;
  const timeZoneSource = exportFacts.timeZoneSource;
  const { counts } = facts;
  const examination = exportFacts.examination ?? NO_EXAMINATION;
  const received = formatUtc(new Date(utcIso(exportFacts.receivedAt)));
  const generated = formatUtc(facts.generatedAt);
  const receipt = RECEIPT_WORDS[exportFacts.receivedThrough];
  const uploadPath =
    files.find((file) => file.role === 'original-upload')?.path ??
    uploadPackagePath(exportFacts.originalFilename);
  const hasAudio = files.some(isAudioEvidence);
  // The cover reports a ZIP re-made by a person: the declarant cannot say WhatsApp made it.
  const remade = facts.provenance.departsFromWhatsAppExport;
  const remadeNote = remade
    ? "[Strike or correct if the ZIP was re-made by a person: ChatExhibit's cover reports it probably was.] "
    : '';

  const blocks: Block[] = [];
  const numbered = (...text: Inline[]): void => {
    blocks.push({ kind: 'paragraph', text, style: 'numbered' });
  };
  const under = (...text: Inline[]): void => {
    blocks.push({ kind: 'paragraph', text, indent: true });
  };
  const check = (text: string): void => {
    blocks.push({ kind: 'paragraph', text: [text], style: 'check' });
  };
  const value = (text: string): void => {
    blocks.push({ kind: 'value', text });
  };
  const heading = (text: string): void => {
    blocks.push({ kind: 'heading', text });
  };

  // ---- Part A: for counsel, removed before signing.
  blocks.push({ kind: 'part', text: 'PART A - CHECKLIST FOR COUNSEL (remove Part A before signing)' });
  blocks.push({
    kind: 'paragraph',
    text: [
      `This template was generated by ChatExhibit ${facts.toolVersion} on ${generated} for the evidence ` +
        `package of export ${facts.exportReference}. It is a draft for a lawyer to review, not legal advice. ` +
        'Every blank followed by a [label] is for the person who signs. Strike any statement that is not ' +
        'true for that person.',
    ],
  });
  check(
    'Which rule. Rule 902(14) covers data copied from an electronic device, storage medium or file, ' +
      'authenticated by a process of digital identification (here SHA-256 hash values) and certified by ' +
      'a qualified person: that is this package. Rule 902(11) covers records of a regularly conducted ' +
      "activity (Rule 803(6)), certified by their custodian, such as a company's own records of its " +
      'chats; use it only when the chat is such a record and the declarant is its custodian. Rule ' +
      "902(14) borrows Rule 902(11)'s certification requirements and its written-notice requirement.",
  );
  check(
    'Who signs. The declarant must know the facts of Part B personally: usually the person who made ' +
      'the export on their phone, or a forensic examiner who made or examined it. Counsel should not be ' +
      'the declarant: a lawyer who certifies the evidence may become a necessary witness (advocate-witness ' +
      'rule, e.g. ABA Model Rule 3.7).',
  );
  check(
    `What ChatExhibit did is stated by ChatExhibit in ${PACKAGE_PATHS.processingRecord}, not by the ` +
      'declarant: the declaration attaches it, and manifest.json, by their SHA-256 hash values. Attach ' +
      'both to the declaration and give them the exhibit letters the court or your numbering assigns.',
  );
  check(`Identifiers under Rule 5.2(a). ${identifierScanStatements(facts.identifierScan).join(' ')}`);
  if (remade) {
    check(
      "The export file does not look like WhatsApp's own export: the cover of the transcript and the " +
        `PROVENANCE section of ${PACKAGE_PATHS.processingRecord} report that its ZIP was probably made ` +
        'again by a person. The paragraphs of Part B that say WhatsApp saved the ZIP file, or that the ' +
        'file ChatExhibit was given is the export file, are marked: the declarant strikes or corrects them.',
    );
  }
  check(
    'Copy the .txt or .docx out of the evidence package folder and complete every blank in the copy ' +
      '(the package must stay unchanged, or its verification fails). Before signing, the declarant runs ' +
      'the verification in README.txt (every file "OK") and compares the filing copy of the transcript ' +
      'with the chat, then fills in those dates.',
  );
  check(
    'Written notice (Rules 902(11) and 902(14)): before the trial or hearing, give every adverse party ' +
      'reasonable written notice of the intent to offer the record, and make the record (this evidence ' +
      'package) and the signed certification available for inspection, so that the party has a fair ' +
      `opportunity to challenge them. ${PACKAGE_PATHS.certificationNotice} (and .docx) in this package is ` +
      'a pre-filled draft.',
  );
  if (hasAudio) {
    check(
      'Audio cannot be filed electronically in most courts: file the voice notes conventionally. ' +
        `${PACKAGE_PATHS.conventionalFilingNotice} (and .docx) lists each one with its duration and SHA-256.`,
    );
  }
  check(
    'The paragraph on the export file as kept since the export (VERIFICATION) is what ties the package ' +
      'to the file as it came from the device. If the declarant strikes it, the declaration no longer ' +
      "identifies the data by a hash value the declarant computed: it rests on ChatExhibit's record of " +
      'the file it was given, which is not a basis for a Rule 902(14) certification by this declarant. ' +
      'Then find a declarant who kept the export file (or a forensic examiner who examined it), or ' +
      'authenticate the chat another way (Rule 901).',
  );
  check(
    'Authorship is not covered by the certification. Prepare the evidence tying each participant to ' +
      'their messages (the AUTHORSHIP section of Part B, Rule 901) and the witnesses who will give it.',
  );
  check(
    "Check the local rules and the judge's standing orders on electronic exhibits, on the form of " +
      'declarations, and on filing the transcript (transcript-filing.pdf is the copy in the form filing ' +
      'systems take; its attachment numbers, ' +
      `${attachmentReference(1)} and on, point to files of the package).`,
  );
  check(
    'Signed outside the United States: use the second form of the closing and strike the first; ' +
      'signed inside: the reverse.',
  );

  // ---- Part B: the declaration.
  blocks.push({ kind: 'part', text: 'PART B - DECLARATION' });
  blocks.push(...captionBlocks(facts));
  blocks.push(
    { kind: 'title', text: ['DECLARATION OF ', { blank: 'full name' }] },
    { kind: 'title', text: ['CERTIFYING DATA COPIED FROM AN ELECTRONIC DEVICE, STORAGE MEDIUM, OR FILE'] },
    { kind: 'title', text: ['UNDER FEDERAL RULE OF EVIDENCE 902(14) (28 U.S.C. § 1746)'] },
    { kind: 'paragraph', text: ['I, ', { blank: 'full name' }, ', declare as follows:'] },
  );

  // Browne (2): who the qualified person is.
  heading('WHO I AM');
  numbered(
    'I am over 18 years of age and live in ',
    { blank: 'city, state or province, country' },
    '. I state the facts below from personal knowledge, except where I say that a statement is ' +
      "ChatExhibit's, and if called as a witness I could and would testify to them.",
  );
  numbered(
    'I am ',
    {
      blank:
        'who you are in relation to the chat: e.g. a participant and holder of the account it was exported from; a forensic examiner',
    },
    '. I am a qualified person to certify this copy because ',
    { blank: 'how you know how the export was made and kept' },
    '.',
  );

  // Browne (1) and (3): what was copied, and how a person made and kept it.
  heading('HOW AND WHEN THE EXPORT WAS MADE');
  numbered(
    `${remadeNote}On `,
    { blank: 'date and time of the export' },
    ', ',
    { blank: 'I / name of the person who made the export' },
    ' exported the chat with WhatsApp\'s "Export chat" function, choosing ',
    { blank: '"Attach media" or "Without media"' },
    '. WhatsApp saved it as one ZIP file (the "export file").',
  );
  numbered('The export was made on this device:');
  under('Make: ', { blank: 'make' });
  under('Model: ', { blank: 'model' });
  under('Operating system: ', { blank: 'operating system and version' });
  under('WhatsApp version: ', { blank: 'WhatsApp version' });
  numbered(
    'The chat was exported from the WhatsApp account of ',
    { blank: 'name of the account holder' },
    ' with the phone number ',
    { blank: 'phone number of the account' },
    '.' +
      (examination.exportingAccount === null
        ? ''
        : ` [ChatExhibit was told the account is ${quotedName(examination.exportingAccount)}; confirm it, then delete this note.]`),
  );
  numbered(
    `The export file was moved from the device to ${receipt.computer} by `,
    { blank: 'how: e.g. e-mail to self, AirDrop, USB cable' },
    receipt.handedOver,
    { blank: receipt.who },
    ' on ',
    { blank: receipt.when },
    `. Between its creation and ${receipt.until} the export file was kept as follows: `,
    { blank: 'who held it, where, and whether it was opened, copied or re-saved' },
    '. The file was not altered, to my knowledge.',
  );
  numbered(`${remadeNote}${receipt.theFile}`);
  under('File name: ', quotedName(exportFacts.originalFilename));
  under(`Size: ${formatInteger(exportFacts.uploadSizeBytes)} bytes`);
  under(`SHA-256: ${exportFacts.fileHash}`);
  under(`${receipt.receipt}: ${received}`);
  // Only a chosen zone is offered as the phone's (to strike when not known); for a browser's zone
  // or a default the declarant
  // states the phone's zone in the blank, or strikes the sentence.
  numbered(
    `${timeZoneSourceStatement(exportFacts.timeZone, timeZoneSource)} The export itself records no time ` +
      // A time the zone never had argues against it: the declarant reads it before stating the zone.
      `zone. ${facts.timeNotes.skipped === null ? '' : `[Before you state the zone: ${facts.timeNotes.skipped}] `}` +
      "The phone's time zone when the export was made was ",
    timeZoneSource === 'declared'
      ? `${exportFacts.timeZone} [strike this sentence if you do not know it]`
      : { blank: "the phone's time zone, or strike this sentence" },
    '.',
  );

  // Browne (3): the tool and method, as ChatExhibit's statement, incorporated by hash.
  heading('THE TOOL AND ITS RECORD');
  numbered(
    `ChatExhibit version ${facts.toolVersion}, ${receipt.tool}, and on ` +
      `${generated} produced from it an evidence package (export reference ${facts.exportReference}). ` +
      'What ChatExhibit did with the file (how it received it, computed hash values, unpacked and read it, ' +
      'converted voice notes and packed the files) is stated by ChatExhibit in its processing record, ' +
      `${PACKAGE_PATHS.processingRecord}, whose SHA-256 hash value is:`,
  );
  value(hashes.processingRecord);
  under(
    'A true copy of the processing record is attached as Exhibit ',
    { blank: 'exhibit letter' },
    '. I did not watch those steps and do not state them from personal knowledge; I state that I ' +
      'received the record in the evidence package and that its SHA-256 hash value is the value above.',
  );
  numbered(
    `${PACKAGE_PATHS.manifest} is ChatExhibit's list of the ${countOf(files.length, 'evidence file')} of ` +
      'the package (the export file as ChatExhibit received it, every file inside it, and the MP3 copies of voice notes), ' +
      'each with its size and SHA-256 hash value. Its SHA-256 hash value is:',
  );
  value(hashes.manifest);
  under('A true copy of manifest.json is attached as Exhibit ', { blank: 'exhibit letter' }, '.');
  numbered(
    `According to ChatExhibit's record, its reading of the chat text ${quotedName(facts.chatFile)} found ` +
      `${entriesSentence(counts)}` +
      (facts.firstMessageAt !== null && facts.lastMessageAt !== null
        ? `, the first dated ${formatRecorded(facts.firstMessageAt, facts.timesHaveSeconds)} and the ` +
          `last ${formatRecorded(facts.lastMessageAt, facts.timesHaveSeconds)}, as recorded by the exporting device in local time ` +
          'without a time zone'
        : '') +
      '. It counted:',
  );
  // The same labels and counts as the cover and the processing record.
  for (const [label, count] of countRows(counts)) under(`${label}: ${count}`);
  numbered(
    'The participants, as the export names them (in double quotes, read as step 5 of the ' +
      'processing record states: invisible direction marks left out, no-break spaces and ' +
      'non-breaking hyphens read as spaces and hyphens, other invisible characters, if any, ' +
      'shown as <U+XXXX>; the chat text in the package keeps them as written), are:',
  );
  if (facts.participants.length === 0) under('(none)');
  for (const name of facts.participants) value(quotedName(name));
  numbered(
    'SHA-256 (Secure Hash Standard, FIPS 180-4, of the National Institute of Standards and Technology) ' +
      'is a process of digital identification. It computes from a file a value of 64 characters that is, ' +
      "in practice, unique to that file's contents: changing a single bit of the file changes the value.",
  );

  // Browne (4): that the hash values matched.
  heading('VERIFICATION');
  numbered(
    'On ',
    { blank: 'date of verification' },
    ` I unzipped the evidence package and ran the verification described in its ${PACKAGE_PATHS.readme} ` +
      `(the command "sha256sum -c ${PACKAGE_PATHS.checksums}" or its equivalent). The SHA-256 hash value of ` +
      'every file of the package matched the value listed for it, including the values stated in this ' +
      'declaration.',
  );
  numbered(
    '[Strike this paragraph if the export file is no longer available as it came from the device.] On ',
    { blank: 'date' },
    ' I computed the SHA-256 hash value of the export file kept at ',
    { blank: 'where the export file is kept' },
    ', and it was identical to the SHA-256 hash value of the export file stated above.',
  );
  // A step the declarant performs, not a conclusion drawn from the hash values above.
  numbered(
    '[Strike this paragraph if you did not make this comparison.] On ',
    { blank: 'date of comparison' },
    ` I unzipped the export file (${showInvisible(uploadPath)} in the evidence package) and compared ` +
      'each file in it with the file of the same path under original/ in the evidence package, by ',
    { blank: 'how: e.g. their SHA-256 hash values, or a byte-by-byte comparison tool' },
    '. Every file was identical.',
  );

  // Nobody else can say that the page the judge reads shows the chat.
  heading('THE FILING COPY OF THE TRANSCRIPT');
  numbered(
    `[Strike this paragraph if you did not make this comparison.] On `,
    { blank: 'date of comparison' },
    ` I compared ${PACKAGE_PATHS.filingTranscript} (SHA-256 ${hashes.filingTranscript}) with `,
    { blank: 'what you compared it with: e.g. the chat on the device, the chat text in the export' },
    ', ',
    { blank: 'all messages, or which ones' },
    '. The messages I compared appear in it with the same senders, dates, times and words, except: ',
    { blank: 'differences, or "none"' },
    '.',
  );

  // Browne (5): the hash values.
  heading('HASH VALUES');
  numbered(
    'The SHA-256 hash values of the export file, the two exhibits and the transcripts are below. Every ' +
      `other file of the package, with its SHA-256 hash value, is listed in ${PACKAGE_PATHS.manifest}.`,
  );
  under(`The export file, ${showInvisible(uploadPath)}:`);
  value(exportFacts.fileHash);
  under(`${PACKAGE_PATHS.processingRecord}:`);
  value(hashes.processingRecord);
  under(`${PACKAGE_PATHS.manifest}:`);
  value(hashes.manifest);
  under(`${PACKAGE_PATHS.transcript}:`);
  value(hashes.transcript);
  under(`${PACKAGE_PATHS.filingTranscript}:`);
  value(hashes.filingTranscript);

  // Authorship: not covered by the certification (Rule 901).
  heading('AUTHORSHIP (FEDERAL RULE OF EVIDENCE 901)');
  numbered(
    'This certification establishes that the files are accurate copies of the export. It does not ' +
      'establish who wrote the messages (United States v. Browne, 834 F.3d 403 (3d Cir. 2016)). Authorship ' +
      'is shown by other evidence under Federal Rule of Evidence 901, for example under Rule 901(b)(1) ' +
      '(testimony of a witness with knowledge) or Rule 901(b)(4) (distinctive characteristics: content, ' +
      'context and details that point to the author). [Complete this section only with facts you know ' +
      'personally; otherwise strike it, and offer that evidence through a witness who knows it.] For each ' +
      'participant, the evidence that ties that person to the messages shown under their name is:',
  );
  for (const name of facts.participants.length > 0 ? facts.participants : ['(participant)']) {
    value(quotedName(name));
    blocks.push(
      { kind: 'line', label: 'phone number or WhatsApp account', indent: true },
      { kind: 'line', label: 'who uses it: full name, relation to the case', indent: true },
      { kind: 'line', label: 'evidence tying this person to these messages', indent: true },
      { kind: 'line', label: 'witness who can testify to it', indent: true },
    );
  }

  // Limitations, in plain words.
  heading('WHAT THIS CERTIFICATION DOES NOT SHOW');
  numbered(
    'The hash values show that the files have not changed since ChatExhibit received the export file. ' +
      'They cannot show anything about the data before then, such as whether the chat on the device was ' +
      'complete or had been altered before it was exported.',
  );
  numbered(
    'A WhatsApp text export does not contain: reactions to messages; the message a reply quoted ' +
      '(quoted-reply context); read receipts and delivery status; the earlier versions of an edited ' +
      'message; the content of deleted messages; the time zone of the device. Only a message deleted ' +
      '"for everyone" leaves a notice; messages deleted "for me", cleared chats and disappearing messages ' +
      'leave no trace. Media files are missing when the chat was exported without media, when they were ' +
      'not on the device, or when they were sent to be viewed once.',
  );
  numbered(
    'The times are as recorded by the exporting device, in local time without a time zone. ' +
      timeZoneSourceStatement(exportFacts.timeZone, timeZoneSource),
  );
  numbered(
    'The participant names are as the exporting device showed them (its contact names, or phone ' +
      'numbers). They show how that device labelled each account, not who the persons are.',
  );
  numbered(
    'The transcripts are readable renderings of the chat text made by ChatExhibit. Where a transcript ' +
      'and the chat text differ, the chat text under original/ is the record.' +
      (hasAudio
        ? ' The MP3 copies are re-encoded for playback; the original voice notes are the record.'
        : ''),
  );
  numbered(
    `ChatExhibit lists its observations on how the export file's ZIP was made and on the messages ` +
      `in the PROVENANCE section of ${PACKAGE_PATHS.processingRecord}, as on the cover of the transcript. ` +
      (facts.warnings.length === 0
        ? 'Its reading of the chat text reported no warnings.'
        : 'Its reading of the chat text reported these warnings:'),
  );
  for (const warning of facts.warnings) {
    blocks.push({ kind: 'paragraph', text: [showInvisible(warning)], style: 'bullet', indent: true });
  }
  if (facts.warnings.length > 0 && facts.timeNotes.earlierExplained !== null)
    blocks.push({ kind: 'paragraph', text: [facts.timeNotes.earlierExplained], indent: true });

  // The § 1746 closing, in its two forms.
  blocks.push(
    { kind: 'paragraph', text: ['[Strike the form that does not apply.]'] },
    {
      kind: 'paragraph',
      text: [
        '(Signed within the United States:) I declare under penalty of perjury that the foregoing is ' +
          'true and correct.',
      ],
    },
    {
      kind: 'paragraph',
      text: [
        '(Signed outside the United States:) I declare under penalty of perjury under the laws of the ' +
          'United States of America that the foregoing is true and correct.',
      ],
    },
    {
      kind: 'paragraph',
      text: ['Executed on ', { blank: 'date' }, ' at ', { blank: 'city, state or province, country' }, '.'],
    },
    { kind: 'line', label: 'signature' },
    { kind: 'line', label: 'printed name' },
  );
  return { title: 'Declaration certifying data copied from an electronic file (FRE 902(14))', blocks };
}

/** declaration-template.txt. */
export const buildDeclaration = (
  facts: EvidenceFacts,
  files: readonly EvidenceFile[],
  hashes: DeclarationHashes,
): Buffer => renderText(declarationDocument(facts, files, hashes));

/** declaration-template.docx: the same words as the .txt, as Word paragraphs. */
export const buildDeclarationDocx = (
  facts: EvidenceFacts,
  files: readonly EvidenceFile[],
  hashes: DeclarationHashes,
): Promise<Buffer> => renderDocx(declarationDocument(facts, files, hashes), facts.generatedAt);
