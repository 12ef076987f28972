// The worker thread of read-audio-format.ts: music-metadata reads a file that came from an upload
// here, so that a parser bug that loops or allocates without end stops only this thread. CommonJS
// run by Node itself (under jest too); music-metadata is ESM, which Node >= 20.19 can require().
const { parentPort, workerData } = require('node:worker_threads');
const { parseFile } = require('music-metadata');

parseFile(workerData.filePath, { duration: true }).then(
  ({ format }) =>
    parentPort.postMessage({
      durationSeconds: format.duration,
      codec: format.codec,
      numberOfChannels: format.numberOfChannels,
      sampleRate: format.sampleRate,
    }),
  // Unreadable is an answer (the caller falls back or reports the file as damaged).
  () => parentPort.postMessage(null),
);
