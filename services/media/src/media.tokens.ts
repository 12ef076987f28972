/** Injection token: the ffmpeg binary media runs (FFMPEG_PATH, or the one shipped in npm). */
export const FFMPEG_PATH = 'FFMPEG_PATH';
