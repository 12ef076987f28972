// Stands in for audio-format.worker.cjs in read-audio-format.spec.ts: a parser that allocates
// without end, until its heap limit stops it.
const held = [];
for (;;) held.push(new Array(1_000_000).fill(held.length));
