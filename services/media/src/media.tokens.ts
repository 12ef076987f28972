/** Injection token: the MediaTools (ffmpeg, prlimit) media runs on uploaded files, found at start. */
export const MEDIA_TOOLS = 'MEDIA_TOOLS';
