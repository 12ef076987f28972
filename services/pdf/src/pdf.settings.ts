/** What the pdf service needs beyond the platform's adapters. */
export interface PdfSettings {
  /** Where browsers reach the product: the evidence package's README.txt names its /verify page. */
  publicUrl: string;
  /** Where the operator publishes the source code (SOURCE_URL): the processing record and README.txt name it. */
  sourceUrl: string | null;
}

export const PDF_SETTINGS = 'PDF_SETTINGS';
