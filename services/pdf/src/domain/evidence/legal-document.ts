// A document for a lawyer (the declaration, the notices), written once as blocks and rendered two
// ways from them: plain text wrapped at 80 columns, and a Word file whose paragraphs, numbering
// and tables paste into a pleading. Both carry the same words, so neither can say more.

import {
  AlignmentType,
  BorderStyle,
  Document,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import JSZip from 'jszip';
import { blank, keepTogether, LINE_WIDTH, toText, unglue, wrap, wrapPath } from './plain-text';

/** Words, or a blank for the person who signs, labelled with what goes in it. */
export type Inline = string | { blank: string };

export type Block =
  /** A part of the document ("PART A - ..."), between rules in the text. */
  | { kind: 'part'; text: string }
  /** A centred line of the caption or title. */
  | { kind: 'title'; text: Inline[] }
  /** A section heading. */
  | { kind: 'heading'; text: string }
  /**
   * A paragraph: `numbered` takes the next number of the document; `check` is a checklist box;
   * `bullet` a dash; `indent` sets it under the paragraph before.
   */
  | { kind: 'paragraph'; text: Inline[]; style?: 'numbered' | 'check' | 'bullet'; indent?: boolean }
  /** An exact value (a name, path or hash) on its own line(s), never cut at a space. */
  | { kind: 'value'; text: string }
  /** Rows of a register: the first column heads each entry in the text, the others follow as "Column: value". */
  | { kind: 'table'; columns: readonly string[]; rows: readonly (readonly string[])[] }
  /** A line that is only a blank (a signature, a continuation); `indent` sets it under the value before. */
  | { kind: 'line'; label: string; indent?: boolean };

export interface LegalDocument {
  /** The Word file's title property. */
  title: string;
  blocks: readonly Block[];
}

/** Indent of a paragraph's lines after its number. */
const BODY = '    ';
/** Indent of a value under a paragraph. */
const VALUE = '        ';

/** Labels up to this long are never split; a longer one wraps between its words, its start kept with the line. */
const SHORT_LABEL = 30;

const blankText = (label: string): string => {
  if (label.length <= SHORT_LABEL) return blank(label);
  const [first, ...rest] = label.split(' ');
  return `${keepTogether(`${'_'.repeat(22)} [${first}`)} ${rest.join(' ')}]`;
};

const inlineText = (text: readonly Inline[]): string =>
  text.map((part) => (typeof part === 'string' ? part : blankText(part.blank))).join('');

/** The document as plain text: LF endings, no line wider than 80 columns. */
export function renderText(document: LegalDocument): Buffer {
  const lines: string[] = [];
  let number = 0;
  for (const block of document.blocks) {
    switch (block.kind) {
      case 'part':
        lines.push('', '='.repeat(LINE_WIDTH), block.text, '='.repeat(LINE_WIDTH), '');
        break;
      case 'title':
        lines.push(...wrap(inlineText(block.text)));
        break;
      case 'heading':
        lines.push('', block.text, '');
        break;
      case 'paragraph': {
        const text = inlineText(block.text);
        const base = block.indent ? BODY : '';
        if (block.style === 'numbered') {
          number += 1;
          lines.push('', ...wrap(text, { firstIndent: `${number}.`.padEnd(BODY.length), indent: BODY }));
        } else if (block.style === 'check') {
          lines.push(...wrap(text, { firstIndent: '[ ] ', indent: '    ' }));
        } else if (block.style === 'bullet') {
          lines.push(...wrap(text, { firstIndent: `${base}- `, indent: `${base}  ` }));
        } else {
          lines.push(...(block.indent ? [] : ['']), ...wrap(text, { indent: base }));
        }
        break;
      }
      case 'value':
        lines.push(...wrapPath(block.text, VALUE, VALUE));
        break;
      case 'table': {
        const width = `${block.rows.length}.`.length + 1;
        const under = BODY + ' '.repeat(width);
        block.rows.forEach((row, index) => {
          lines.push('', ...wrapPath(row[0] ?? '', BODY + `${index + 1}.`.padEnd(width), under));
          row.slice(1).forEach((cell, column) => {
            lines.push(...wrap(`${block.columns[column + 1]}: ${cell}`, { indent: under }));
          });
        });
        lines.push('');
        break;
      }
      case 'line':
        lines.push(...(block.indent ? [`${VALUE}${blank(block.label)}`] : ['', blank(block.label)]));
        break;
    }
  }
  return toText(lines);
}

const BODY_FONT = 'Times New Roman';
const VALUE_FONT = 'Courier New';
/** Half-points. */
const BODY_SIZE = 24;
const VALUE_SIZE = 20;
const NUMBERING = 'paragraphs';
/** Twips (1/1440 inch). */
const INDENT = 720;

/** US Letter less one-inch margins, in twips. */
const TEXT_WIDTH = 9360;
const NUMBER_COLUMN = 720;

/** Fixed widths of the narrow columns; the others share the rest. */
const FIXED_COLUMNS: Record<string, number> = { 'SHA-256': 2300, Duration: 1200 };

function columnWidths(columns: readonly string[]): number[] {
  const fixed = columns.reduce((sum, column) => sum + (FIXED_COLUMNS[column] ?? 0), 0);
  const share = Math.floor(
    (TEXT_WIDTH - NUMBER_COLUMN - fixed) / columns.filter((column) => !(column in FIXED_COLUMNS)).length,
  );
  return [NUMBER_COLUMN, ...columns.map((column) => FIXED_COLUMNS[column] ?? share)];
}

const runs = (text: readonly Inline[], bold = false): TextRun[] =>
  text.flatMap((part) =>
    typeof part === 'string'
      ? [new TextRun({ text: unglue(part), bold })]
      : // A blank: an underlined space to write on, then its label.
        [
          new TextRun({ text: '\u00a0'.repeat(24), underline: {} }),
          new TextRun({ text: ` [${part.blank}]`, bold }),
        ],
  );

const valueRun = (text: string): TextRun => new TextRun({ text, font: VALUE_FONT, size: VALUE_SIZE });

const cell = (text: string, header: boolean): TableCell =>
  new TableCell({
    children: [
      new Paragraph({
        children: [
          header
            ? new TextRun({ text, bold: true })
            : /^[0-9a-f]{64}$/.test(text)
              ? valueRun(text)
              : new TextRun(text),
        ],
      }),
    ],
  });

function docxChildren(blocks: readonly Block[]): (Paragraph | Table)[] {
  return blocks.flatMap((block): (Paragraph | Table)[] => {
    switch (block.kind) {
      case 'part':
        return [
          new Paragraph({
            children: [new TextRun({ text: block.text, bold: true })],
            spacing: { before: 360, after: 240 },
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 1 } },
          }),
        ];
      case 'title':
        return [new Paragraph({ children: runs(block.text, true), alignment: AlignmentType.CENTER })];
      case 'heading':
        return [
          new Paragraph({
            children: [new TextRun({ text: block.text, bold: true })],
            spacing: { before: 240, after: 120 },
            keepNext: true,
          }),
        ];
      case 'paragraph':
        if (block.style === 'numbered') {
          return [
            new Paragraph({
              children: runs(block.text),
              numbering: { reference: NUMBERING, level: 0 },
              spacing: { after: 120 },
            }),
          ];
        }
        return [
          new Paragraph({
            children: [...(block.style === 'check' ? [new TextRun('\u2610 ')] : []), ...runs(block.text)],
            bullet: block.style === 'bullet' ? { level: 0 } : undefined,
            indent: block.indent || block.style === 'check' ? { left: INDENT } : undefined,
            spacing: { before: block.indent ? 0 : 120, after: 120 },
          }),
        ];
      case 'value':
        return [new Paragraph({ children: [valueRun(block.text)], indent: { left: INDENT * 2 } })];
      case 'table':
        return [
          new Table({
            width: { size: TEXT_WIDTH, type: WidthType.DXA },
            columnWidths: columnWidths(block.columns),
            rows: [
              new TableRow({
                children: ['No.', ...block.columns].map((text) => cell(text, true)),
                tableHeader: true,
              }),
              ...block.rows.map(
                (row, index) =>
                  new TableRow({ children: [String(index + 1), ...row].map((text) => cell(text, false)) }),
              ),
            ],
          }),
          new Paragraph({ children: [] }),
        ];
      case 'line':
        return [
          new Paragraph({
            children: runs([{ blank: block.label }]),
            spacing: { before: 360 },
          }),
        ];
    }
  });
}

/**
 * The document as a Word file. docx stamps core.xml and every ZIP entry with the current time;
 * both are set to `generatedAt` here, so the same document and time give the same bytes.
 */
export async function renderDocx(document: LegalDocument, generatedAt: Date): Promise<Buffer> {
  const docx = new Document({
    title: document.title,
    creator: 'ChatExhibit',
    styles: { default: { document: { run: { font: BODY_FONT, size: BODY_SIZE } } } },
    numbering: {
      config: [
        {
          reference: NUMBERING,
          levels: [
            {
              level: 0,
              format: LevelFormat.DECIMAL,
              text: '%1.',
              alignment: AlignmentType.START,
              style: { paragraph: { indent: { left: INDENT, hanging: INDENT } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        // US Letter, one-inch margins.
        properties: {
          page: {
            size: { width: 12240, height: 15840 },
            margin: { top: 1440, right: 1440, bottom: 1440, left: 1440 },
          },
        },
        children: docxChildren(document.blocks),
      },
    ],
  });
  const packed = await JSZip.loadAsync(await Packer.toBuffer(docx));
  const stamp = generatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const zip = new JSZip();
  for (const entry of Object.values(packed.files)) {
    if (entry.dir) continue;
    let bytes: Uint8Array | string = await entry.async('uint8array');
    if (entry.name === 'docProps/core.xml') {
      bytes = Buffer.from(bytes)
        .toString('utf8')
        .replace(
          /(<dcterms:(created|modified)[^>]*>)[^<]*(<\/dcterms:\2>)/g,
          (_match, open: string, _name: string, close: string) => `${open}${stamp}${close}`,
        );
    }
    zip.file(entry.name, bytes, { date: generatedAt, createFolders: false });
  }
  return zip.generateAsync({
    type: 'nodebuffer',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    compression: 'DEFLATE',
  });
}
