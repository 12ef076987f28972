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

/** Where each working step's share of the progress bar starts; the final event is 100. */
const STEP_PROGRESS_BANDS: Record<Exclude<ProcessingStepKey, 'payment-required'>, [number, number]> = {
  extract: [0, 20],
  parse: [20, 40],
  'convert-voice': [40, 70],
  'generate-pdf': [70, 95],
};

/** The progress percentage of a working step `fraction` (0-1) of the way through. */
export const stepProgress = (key: keyof typeof STEP_PROGRESS_BANDS, fraction = 0): number => {
  const [start, end] = STEP_PROGRESS_BANDS[key];
  return Math.round(start + (end - start) * Math.min(Math.max(fraction, 0), 1));
};
