/** SPEC §4 processing steps, in order; a progress event's `step` is an index into this table. */
export const PROCESSING_STEPS = [
  { index: 0, key: 'extract', text: 'Extracting ZIP contents...' },
  { index: 1, key: 'parse', text: 'Parsing chat messages...' },
  { index: 2, key: 'convert-voice', text: 'Converting voice messages...' },
  { index: 3, key: 'generate-pdf', text: 'Generating PDF document...' },
  { index: 4, key: 'payment-required', text: 'Payment required...' },
] as const;

export type ProcessingStep = (typeof PROCESSING_STEPS)[number];
export type ProcessingStepKey = ProcessingStep['key'];

export const stepIndex = (key: ProcessingStepKey): number => PROCESSING_STEPS.findIndex((s) => s.key === key);
