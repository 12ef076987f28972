/** SPEC §5 and §8's sentences of the converter, word for word, and the converter's own besides. */
export const CONVERTER_TEXTS = {
  invalidType: { title: 'Invalid File Type', description: 'Please upload a WhatsApp export ZIP file.' },
  tooLarge: { title: 'File Too Large', description: 'Please upload a file smaller than 100MB.' },
  startFailed: 'Error processing file',
  unknownError: 'An unknown error occurred',
  connectionLost: 'Connection to server lost',
  /** Beside SPEC's 'Connection to server lost' while the stream is opened again (not in the SPEC). */
  reconnecting: 'Reconnecting… The result appears here as soon as the server has it.',
  /** The upload card's line when the file never reached the server (not in the SPEC). */
  uploadFailed: {
    title: 'The upload did not go through.',
    retry: 'Press Process Chat Export to try again.',
  },
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  noBundle: { title: 'Error', description: 'No payment bundle found' },
  paymentError: { title: 'Payment Error', description: 'Unable to initialize checkout. Please try again.' },
  paymentSuccessful: 'Payment Successful!',
  paymentCancelled: 'Payment Cancelled',
  downloadReady: {
    title: 'Download Ready',
    description: 'Your payment was successful and your download is ready.',
  },
  preparing: (attempt: number) => `Preparing your download... (Attempt ${attempt})`,
  paidNoPdf:
    'Your payment was successful, but the download is taking longer than expected. Please use the repair option below.',
  unconfirmed:
    'Your payment status could not be confirmed. Please try the repair option below or contact support.',
  pollingError: 'Error checking payment status. Please try the repair option below or contact support.',
  repairUnsuccessful: 'Repair did not succeed. Please try again or contact support.',
  repairFailed: 'Repair request failed. Please try again or contact support.',
  retryRepair: 'Retry Repair',
  /** The panel that stays once an export is ready (not in the SPEC; its toasts stay as they are). */
  documentsReady: {
    title: 'Your documents are ready',
    ready: 'The transcript PDF, its PDF/A copy for court filing and the evidence package.',
    receipt: 'Receipt',
    paid: 'Paid',
    paidOn: 'Date',
    reference: 'Reference',
    referenceHint: 'Quote it to support. It names your export without opening it.',
    nextTitle: 'What to do next',
    download:
      'Download both: View PDF and Download Evidence Package. Keep the ZIP as it is: it is the proof.',
    verifyBefore: 'Check the package: drop the ZIP on',
    verifyLink: 'Verify a package',
    verifyAfter: '; every file should say Matches.',
    exhibit: 'Build an exhibit: the Exhibit tab picks, highlights and redacts messages.',
    file: 'File the PDF/A copy, transcript-filing.pdf from the evidence package, not transcript.pdf.',
  },
  evidencePackageFailed: {
    title: 'Download failed',
    description: 'The evidence package could not be opened. Please try again.',
  },
  forgetDevice: {
    button: 'Forget this device',
    forgotten: {
      title: 'This device forgot your export',
      description:
        'This browser no longer holds your export or its access. Links sent to your email keep working until they expire.',
    },
    failed: {
      title: 'Device not forgotten',
      description: 'This browser could not forget your export. Please try again.',
    },
  },
  deleteExport: {
    button: 'Delete this export',
    title: 'Delete this export now?',
    description:
      'Your uploaded ZIP, the chat, its voice notes and images, the transcript PDFs and the evidence package are deleted from our servers now, and every download link to them stops working, including the links in emails. This cannot be undone. Files you have already downloaded stay yours. A purchase is kept for our accounts, without your email address.',
    confirm: 'Delete export',
    cancel: 'Cancel',
    deleted: {
      title: 'Export deleted',
      description: 'Its files and download links are gone from our servers.',
    },
    failed: {
      title: 'Export not deleted',
      description: 'The export could not be deleted. Please try again.',
    },
  },
} as const;
