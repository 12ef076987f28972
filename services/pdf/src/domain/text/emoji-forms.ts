import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { internals, type PdfkitDocument, type PdfkitPage, type PdfkitRef } from './pdfkit-internals';

/** Twemoji SVGs are drawn on a 36-unit square. */
export const EMOJI_BOX = 36;

/** The PDF drawing of an emoji: content for a form XObject, and the graphics states (opacity) it names. */
interface EmojiDrawing {
  readonly content: string;
  readonly extGStates: Readonly<Record<string, ExtGStateData>>;
}
type ExtGStateData = Readonly<Record<string, string | number>>;

/**
 * Every emoji's drawing, made once per process (svg-to-pdfkit takes ~2 ms an emoji) and replayed
 * into each document. Null for the few (2 of Twemoji's 4009) that need more than opacity states
 * (masks with their own groups): those are drawn into each document.
 */
const recordings = new Map<string, EmojiDrawing | null>();
/** The document the recordings are drawn with; never written out. */
let recorder: PdfkitDocument | undefined;

function record(svg: string): EmojiDrawing | null {
  recorder ??= internals(new PDFDocument());
  // Fresh state names for each drawing, so that its bytes depend on its SVG alone, never on what
  // the process drew before (the same export gives the same PDF in any process).
  recorder._opacityRegistry = {};
  recorder._opacityCount = 0;
  const { content, resources } = drawSvg(recorder, svg);
  const states = Object.entries(resources.ExtGState ?? {}).map(([name, ref]) => [name, ref.data] as const);
  const onlyStates =
    Object.keys(resources).every((kind) => kind === 'ExtGState') &&
    states.every(([, data]) => Object.values(data).every((value) => typeof value !== 'object'));
  return onlyStates
    ? { content, extGStates: Object.fromEntries(states) as Record<string, ExtGStateData> }
    : null;
}

/**
 * Runs svg-to-pdfkit on `doc` with a stand-in page that collects what it writes (the way
 * svg-to-pdfkit draws its own groups). The SVG's 36-unit box is drawn top-down, like pdfkit's
 * pages, so placing the result needs no flip. Returns the content and the resources it named.
 */
function drawSvg(
  doc: PdfkitDocument,
  svg: string,
): { content: string; resources: Record<string, Record<string, PdfkitRef>> } {
  const chunks: string[] = [];
  const standIn = {
    width: EMOJI_BOX,
    height: EMOJI_BOX,
    write: (chunk: string) => chunks.push(chunk),
    fonts: {},
    xobjects: {},
    ext_gstates: {},
    patterns: {},
    annotations: [],
  };
  const [page, ctm] = [doc.page, doc._ctm];
  doc.page = standIn as unknown as PdfkitPage;
  doc._ctm = [1, 0, 0, 1, 0, 0];
  try {
    SVGtoPDF(doc as unknown as PDFKit.PDFDocument, svg, 0, 0, {
      width: EMOJI_BOX,
      height: EMOJI_BOX,
      assumePt: true,
    });
  } finally {
    doc.page = page;
    doc._ctm = ctm;
  }
  const resources = Object.fromEntries(
    (
      [
        ['ExtGState', standIn.ext_gstates],
        ['Pattern', standIn.patterns],
        ['XObject', standIn.xobjects],
        ['Font', standIn.fonts],
      ] as const
    ).filter(([, entries]) => Object.keys(entries).length > 0),
  );
  return { content: chunks.join('\n'), resources };
}

/** One document's emoji, each a form XObject made on first use and placed wherever it recurs. */
export class EmojiForms {
  private readonly doc: PdfkitDocument;
  private readonly forms = new Map<string, { name: string; ref: PdfkitRef }>();
  private readonly extGStates = new Map<string, PdfkitRef>();

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = internals(doc);
  }

  /** The form XObject's resource name, registered on the current page. */
  place(emoji: string, svg: string): string {
    let form = this.forms.get(emoji);
    if (!form) {
      form = { name: `Emoji${this.forms.size + 1}`, ref: this.make(emoji, svg) };
      this.forms.set(emoji, form);
    }
    this.doc.page.xobjects[form.name] ??= form.ref;
    return form.name;
  }

  /** The form from the process's recording of the emoji or, for the few without one, drawn here. */
  private make(emoji: string, svg: string): PdfkitRef {
    let drawing = recordings.get(emoji);
    if (drawing === undefined) {
      drawing = record(svg);
      recordings.set(emoji, drawing);
    }
    const { content, resources } = drawing
      ? { content: drawing.content, resources: { ExtGState: this.states(drawing.extGStates) } }
      : drawSvg(this.doc, svg);
    const ref = this.doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      FormType: 1,
      BBox: [0, 0, EMOJI_BOX, EMOJI_BOX],
      Resources: resources,
    });
    ref.end(content);
    return ref;
  }

  /** This document's ExtGState objects for a recording's states, one per distinct state. */
  private states(states: Readonly<Record<string, ExtGStateData>>): Record<string, PdfkitRef> {
    return Object.fromEntries(
      Object.entries(states).map(([name, data]) => {
        const key = JSON.stringify(data);
        let ref = this.extGStates.get(key);
        if (!ref) {
          ref = this.doc.ref({ ...data });
          ref.end();
          this.extGStates.set(key, ref);
        }
        return [name, ref];
      }),
    );
  }
}
