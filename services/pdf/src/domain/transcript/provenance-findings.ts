// The cover's Provenance section: how the upload's ZIP was made, whether it looks like WhatsApp's
// own export, and oddities in the messages, each stated as an observation with message numbers.

import { compressionName, creatorSystemName, type ZipEntryRow } from '../evidence/zip-entry-table';
import { countOf } from '@chatexhibit/proto/count-words';
import type { CoverSection } from './cover-content';
import { MEDIA_DATE_TOLERANCE_DAYS, type MessageAnomalies } from './message-anomalies';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { formatRecordedMoment } from './time-zone';

export interface ProvenanceInput {
  zipEntries: readonly ZipEntryRow[];
  /** Path of the chat text in the upload. */
  chatFile: string;
  /** Entry paths that messages attach. */
  attachedPaths: ReadonlySet<string>;
  anomalies: MessageAnomalies;
  /** From export-counts: the numbered entries, and the upload's files that no message names. */
  totalMessages: number;
  filesNamedByNoMessage: number;
  /** The latest message's recorded time; null without messages. */
  lastMessageAt: string | null;
}

/** Items named one by one in a finding; the rest are counted in the same sentence. */
const LISTED = 10;
/** The chat text's entry dated more than this many days before the last message is named. */
const CHAT_TIME_TOLERANCE_DAYS = 2;
const DAY_MS = 86_400_000;

const MACOS_FOLDER = '__MACOSX/';
/** Files that desktop file managers leave beside the files a person compresses. */
const DESKTOP_FILES: ReadonlyArray<{ test: (name: string) => boolean; maker: string }> = [
  { test: (name) => name === '.DS_Store', maker: 'macOS Finder' },
  { test: (name) => name.startsWith('._'), maker: 'macOS' },
  { test: (name) => name.toLowerCase() === 'thumbs.db', maker: 'Windows Explorer' },
  { test: (name) => name.toLowerCase() === 'desktop.ini', maker: 'Windows Explorer' },
];

/** The last segment of a file path (files never end in '/'). */
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** "a, b and 3 more files" / "a and b": the first LISTED items, the rest counted. */
/** The first items by name and the rest counted: "message 0003, message 0007 and 2 more such messages". */
export function listed(items: readonly string[], rest: (n: number) => string): string {
  const shown = items.slice(0, LISTED);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${rest(more)}`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** The section's rows: what the ZIP's directory says about how it was made. */
function zipRows(rows: readonly ZipEntryRow[]): Array<readonly [string, string]> {
  const folders = rows.filter((row) => row.kind === 'folder').length;
  const described = rows.flatMap((row) => (row.zip === null ? [] : [row.zip]));
  const result: Array<readonly [string, string]> = [
    [
      'ZIP entries',
      `${countOf(rows.length, 'entry', 'entries')} (${countOf(rows.length - folders, 'file')}, ${countOf(folders, 'folder')}), each listed with its details in manifest.json`,
    ],
  ];
  if (described.length === 0) {
    result.push(['Entry details', 'not recorded (the upload was stored before ChatExhibit recorded them)']);
    return result;
  }
  const tally = (values: readonly string[]): string =>
    [...new Set(values)]
      .map((value) => `${value} (${countOf(values.filter((v) => v === value).length, 'entry', 'entries')})`)
      .join(', ');
  const times = described.flatMap((zip) => (zip.modified === null ? [] : [zip.modified])).sort();
  result.push(
    ['Made on (creator system)', tally(described.map((zip) => creatorSystemName(zip.creatorSystem)))],
    ['Compression', tally(described.map((zip) => compressionName(zip.compressionMethod)))],
    [
      'Entry times in the ZIP',
      times.length === 0
        ? 'none valid'
        : `${formatRecordedMoment(times[0])} to ${formatRecordedMoment(times[times.length - 1])}, local time of the machine that made the ZIP (no zone recorded)`,
    ],
  );
  return result;
}

/** Observations on the ZIP's structure: does it look like WhatsApp's own export? */
function structureFindings({
  zipEntries,
  chatFile,
  attachedPaths,
  filesNamedByNoMessage,
  lastMessageAt,
}: ProvenanceInput): { findings: string[]; departsFromWhatsAppExport: boolean } {
  const findings: string[] = [];
  const macos = zipEntries.filter((row) => row.path.startsWith(MACOS_FOLDER));
  if (macos.length > 0) {
    findings.push(
      `The upload contains a __MACOSX/ folder (${countOf(macos.length, 'entry', 'entries')}), which macOS adds when a user compresses files in Finder: this ZIP was probably made by a person, not by WhatsApp.`,
    );
  }
  const rest = zipEntries.filter((row) => !row.path.startsWith(MACOS_FOLDER));
  const desktop = rest.flatMap((row) => {
    const made = DESKTOP_FILES.find(({ test }) => row.kind === 'file' && test(baseName(row.path)));
    return made ? [{ path: row.path, maker: made.maker }] : [];
  });
  if (desktop.length > 0) {
    findings.push(
      `The upload contains files that desktop systems create, not WhatsApp: ${listed(
        desktop.map(({ path, maker }) => `${path} (${maker})`),
        (n) => `${n} more`,
      )}.`,
    );
  }
  const nested = rest.filter((row) => row.kind === 'folder' || row.path.includes('/'));
  if (nested.length > 0) {
    const tops = [...new Set(nested.map((row) => `${row.path.split('/')[0]}/`))];
    findings.push(
      `The upload has folders (${listed(tops, (n) => `${n} more`)}): WhatsApp's own export puts every file at the top level of the ZIP, so these files were probably put into a ZIP by a person or another program.`,
    );
  }
  // The same files export-counts counts as named by no message: the number comes from there.
  const unnamed = zipEntries.filter(
    (row) => row.kind === 'file' && row.path !== chatFile && !attachedPaths.has(row.path),
  );
  if (filesNamedByNoMessage > 0) {
    const these = filesNamedByNoMessage === 1 ? 'this file' : 'these files';
    findings.push(
      `${countOf(filesNamedByNoMessage, 'file')} of the upload ${filesNamedByNoMessage === 1 ? 'is' : 'are'} named by no message: ${listed(
        unnamed.map((row) => row.path),
        (n) => `${n} more`,
      )}. WhatsApp's own export holds the chat text and the files its messages attach, so ${these} may have been added to the ZIP after the export, or belong to messages the export left out.`,
    );
  }
  const described = rest.flatMap((row) => (row.zip === null ? [] : [{ path: row.path, zip: row.zip }]));
  const systems = [...new Set(described.map(({ zip }) => zip.creatorSystem))];
  if (systems.length > 1) {
    const bySystem = systems
      .map((system) => ({
        system,
        paths: described.filter(({ zip }) => zip.creatorSystem === system).map((d) => d.path),
      }))
      .sort((a, b) => b.paths.length - a.paths.length);
    const [main, ...others] = bySystem;
    const otherPaths = others.flatMap(({ system, paths }) =>
      paths.map((path) => `${path} (${creatorSystemName(system)})`),
    );
    findings.push(
      `The entries declare different creator systems: ${countOf(main.paths.length, 'entry', 'entries')} ${creatorSystemName(main.system)}, the others ${listed(otherPaths, (n) => `${n} more`)}. A ZIP program declares one system for every entry it writes, so some entries were probably written by another program, as when files are added to an existing ZIP.`,
    );
  }
  const chatEntry = zipEntries.find((row) => row.path === chatFile);
  const chatWritten = chatEntry?.zip?.modified;
  if (chatWritten && lastMessageAt !== null) {
    const days = (Date.parse(`${lastMessageAt}Z`) - Date.parse(`${chatWritten}Z`)) / DAY_MS;
    if (days > CHAT_TIME_TOLERANCE_DAYS) {
      findings.push(
        `The chat text's entry is dated ${formatRecordedMoment(chatWritten)} in the ZIP, ${countOf(Math.floor(days), 'day')} before the chat's last message (${formatRecordedMoment(lastMessageAt)}). Both are local times, perhaps of different zones, but a chat text is normally written after its last message: the machine that set this time may have had a wrong clock, or the time was set by something other than the export.`,
      );
    }
  }
  if (findings.length > 0) return { findings, departsFromWhatsAppExport: true };
  return {
    departsFromWhatsAppExport: false,
    findings: [
      "Nothing in the ZIP's structure departs from WhatsApp's own export: every file is at the top level, with no folders, no __MACOSX/ folder and no file besides the chat text and the files its messages attach. This looks at the structure only; it cannot show that no file was changed.",
    ],
  };
}

/** Observations on the messages, each naming message numbers. */
function messageFindings({ anomalies, totalMessages }: ProvenanceInput): string[] {
  const number = (index: number): string => messageNumber(index, totalMessages);
  const findings: string[] = [];
  const { wroteAfterLeaving, mediaDateMismatches, duplicates } = anomalies;
  if (wroteAfterLeaving.length > 0) {
    findings.push(
      `Messages written by someone after a system event says they left or were removed, with no later event adding them back: ${listed(
        wroteAfterLeaving.map(
          (m) => `message ${number(m.index)} by ${m.sender} (after message ${number(m.leftAt)})`,
        ),
        (n) => `${n} more such ${n === 1 ? 'message' : 'messages'}`,
      )}. The export shows only the membership changes the exporting phone recorded; check these against the phone.`,
    );
  }
  if (mediaDateMismatches.length > 0) {
    findings.push(
      `Media files whose name carries a date more than ${MEDIA_DATE_TOLERANCE_DAYS} days from their message's date: ${listed(
        mediaDateMismatches.map(
          (m) =>
            `message ${number(m.index)} (${m.name}: named ${m.nameDate}, message dated ${m.messageDate}, ${countOf(m.days, 'day')} apart)`,
        ),
        (n) => `${n} more such ${n === 1 ? 'message' : 'messages'}`,
      )}. WhatsApp puts a date in these names, normally the day of the message; a file named otherwise may have come from elsewhere or been renamed.`,
    );
  }
  if (duplicates.length > 0) {
    findings.push(
      `Messages identical to the message before them (same time, sender and text): ${listed(
        duplicates.map((index) => `message ${number(index)}`),
        (n) => `${n} more such ${n === 1 ? 'message' : 'messages'}`,
      )}. Someone may have sent the same text twice within the time shown, or the line may be repeated in the chat text; compare with the phone.`,
    );
  }
  if (findings.length === 0) {
    findings.push(
      `No message was found written by someone after a system event says they left or were removed, no media file named with a date more than ${MEDIA_DATE_TOLERANCE_DAYS} days from its message's date, and no message identical to the one before it.`,
    );
  }
  return findings;
}

/** The cover's section "Provenance"; the processing record and the declaration draw on the same. */
export interface ProvenanceSection extends CoverSection {
  rows: ReadonlyArray<readonly [string, string]>;
  bullets: readonly string[];
  /** The ZIP's structure departs from WhatsApp's own export: probably re-made by a person. */
  departsFromWhatsAppExport: boolean;
}

/** The cover section "Provenance". */
export function provenanceSection(input: ProvenanceInput): ProvenanceSection {
  const structure = structureFindings(input);
  return {
    heading: 'Provenance',
    rows: zipRows(input.zipEntries),
    bullets: [...structure.findings, ...messageFindings(input)],
    departsFromWhatsAppExport: structure.departsFromWhatsAppExport,
  };
}
