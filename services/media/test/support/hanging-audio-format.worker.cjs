// Stands in for audio-format.worker.cjs in read-audio-format.spec.ts: a parser caught in an
// endless loop, which never answers.
for (;;);
