/** What the pdf service needs beyond the platform's adapters. */
export interface PdfSettings {
  /** Where browsers reach the product: the evidence package's README.txt names its /verify page. */
  publicUrl: string;
}

export const PDF_SETTINGS = 'PDF_SETTINGS';
