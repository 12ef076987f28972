import type { WriteStream } from 'node:tty';
import { PROCESSING_STEPS, stepProgress } from '@chatexhibit/proto/steps';

type WorkingStep = Parameters<typeof stepProgress>[0];

/** Where a conversion is: a working step of the pipeline and how far into it, or done. */
export interface ConversionProgress {
  update(step: WorkingStep | 'done', fraction: number): void;
  /** Leaves the terminal line finished; called however the conversion ends. */
  stop(): void;
}

const SILENT: ConversionProgress = { update: () => {}, stop: () => {} };

/**
 * A progress bar on `stream` when it is a terminal, with the web page's percentages and step
 * texts; nothing otherwise, so a script or log sees only errors.
 */
export function conversionProgress(stream: NodeJS.WriteStream | WriteStream): ConversionProgress {
  if (!stream.isTTY) return SILENT;
  // Loaded only for a terminal, so a scripted run does not pay for it at start.
  const { SingleBar, Presets }: typeof import('cli-progress') = require('cli-progress');
  const bar = new SingleBar(
    { stream, format: 'convert [{bar}] {percentage}% {step}', hideCursor: true, clearOnComplete: false },
    Presets.legacy,
  );
  bar.start(100, 0, { step: '' });
  return {
    update(step, fraction) {
      if (step === 'done') bar.update(100, { step: 'Done.' });
      else
        bar.update(stepProgress(step, fraction), {
          step: PROCESSING_STEPS.find((s) => s.key === step)?.text ?? '',
        });
    },
    stop: () => bar.stop(),
  };
}
