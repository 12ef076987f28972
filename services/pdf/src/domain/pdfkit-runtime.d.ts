// What pdfkit 0.20 does at run time that @types/pdfkit does not declare.
declare namespace PDFKit {
  interface PDFDocument {
    /** Reads an image once for its size (and caches it for doc.image). */
    openImage(src: Buffer): { width: number; height: number };
    /**
     * An annotation from a raw dictionary: entries are written as given, so a PDF text string
     * must be a String object (a primitive string becomes a PDF name).
     */
    annotate(x: number, y: number, w: number, h: number, dictionary: Record<string, unknown>): this;
    /** Embeds a file; returns its file specification, for a FileAttachment annotation to point to. */
    file(src: Buffer, options: PDFAttachmentOptions): PDFKitReference;
  }
}
