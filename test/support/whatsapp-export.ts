import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ZipFile } from 'yazl';
import { resolveFfmpegPath } from '@chatexhibit/media/domain/ffmpeg-path';

const run = promisify(execFile);

export interface WhatsAppExportSpec {
  /** Text messages (voice notes and photos come on top, each a message of its own). */
  textMessages: number;
  voiceNotes: number;
  photos: number;
  /** Seconds of each voice note. */
  voiceSeconds?: number;
  /** Edge of each photo in pixels; noise, so it does not compress away. */
  photoPixels?: number;
  /** Texts of the text messages, used in turn (default: numbered meeting notes). */
  texts?: readonly string[];
  /** Start with WhatsApp's encryption notice, as real exports do. */
  encryptionNotice?: boolean;
  /** Lines without an author, after the notice: WhatsApp's own ("‎Omar left") or any text at all. */
  systemLines?: readonly string[];
  /** The two people writing in turn, the second being the chat's name (default: Hannah and Omar). */
  participants?: readonly [string, string];
  /** Each entry's modification time; by default the time of writing, as a phone's ZIP has it. */
  modifiedAt?: Date;
}

/** What people write, in many scripts: for exports that look like real ones. */
export const MULTI_SCRIPT_TEXTS: readonly string[] = [
  'Good morning! The contract is signed ✅ 👍🏽',
  'مرحبا، هل وصلت الأوراق؟ I sent them at 10:30.',
  'שלום, המסמכים אצלי 📄',
  '我们明天下午三点见面。',
  'こんにちは、書類を受け取りました。',
  'नमस्ते, कल मिलते हैं।',
  'สวัสดีครับ พรุ่งนี้เจอกันนะ',
  'Привет! Встреча в 15:00 🇩🇪',
  'I paid the deposit of $1,200 on Friday. Please confirm you received it before the hearing next week, because the landlord keeps saying the money never arrived.',
];

export interface WhatsAppExport {
  zipPath: string;
  messageCount: number;
  participants: string[];
  /** Names of the voice notes, in chat order. */
  voiceNotes: string[];
  photos: string[];
}

const PARTICIPANTS = ['Hannah Schmidt', 'Omar Haddad'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Pseudo-random bytes (xorshift32), the same for the same seed. Real noise, unlike a short
 * repeating pattern, keeps a photo's JPEG size proportional to its pixels, so a benchmark can
 * size an export through `photoPixels`.
 */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let b = 0; b < length; b++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[b] = state & 0xff;
  }
  return bytes;
}

/**
 * Writes an iOS-style WhatsApp export ("WhatsApp Chat - <name>.zip": `_chat.txt` plus media named
 * as iOS names them) into `dir`, with real Opus voice notes made by ffmpeg and real JPEG photos.
 */
export async function writeWhatsAppExport(dir: string, spec: WhatsAppExportSpec): Promise<WhatsAppExport> {
  const participants = spec.participants ?? PARTICIPANTS;
  const entry = spec.modifiedAt ? { mtime: spec.modifiedAt } : {};
  const voicePath = path.join(dir, 'voice-sample.opus');
  if (spec.voiceNotes > 0) {
    await run(resolveFfmpegPath(process.env).path, [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${spec.voiceSeconds ?? 2}`,
      // Without it the Ogg stream's serial number is random: the same export, other bytes.
      '-fflags',
      '+bitexact',
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      voicePath,
    ]);
  }
  const voice = spec.voiceNotes > 0 ? await readFile(voicePath) : Buffer.alloc(0);
  const edge = spec.photoPixels ?? 64;

  const zip = new ZipFile();
  const lines: string[] = [];
  const voiceNotes: string[] = [];
  const photos: string[] = [];
  // Voice notes and photos alternate, spread evenly through the text messages.
  const media: ('voice' | 'photo')[] = [];
  for (let k = 0; k < Math.max(spec.voiceNotes, spec.photos); k++) {
    if (k < spec.voiceNotes) media.push('voice');
    if (k < spec.photos) media.push('photo');
  }
  const kinds: ('text' | 'voice' | 'photo')[] = Array.from({ length: spec.textMessages }, () => 'text');
  media.forEach((kind, k) =>
    kinds.splice(Math.round(((k + 1) * spec.textMessages) / (media.length + 1)) + k, 0, kind),
  );

  let file = 1;
  if (spec.encryptionNotice) {
    lines.push(
      `[07/06/2023, 07:59:00] ${participants[1]}: \u200eMessages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
    );
  }
  for (const [i, line] of (spec.systemLines ?? []).entries()) {
    lines.push(`[07/06/2023, 07:59:${two(1 + i)}] ${line}`);
  }
  let text = 0;
  for (const [i, kind] of kinds.entries()) {
    const at = new Date(Date.UTC(2023, 5, 7, 8, 0, 0) + i * 61_000);
    const [date, time] = [
      `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`,
      `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`,
    ];
    const stamp = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}-${time.replace(/:/g, '-')}`;
    const said = `[${date}, ${time}] ${participants[i % 2]}: `;
    if (kind === 'voice') {
      const name = `${String(file++).padStart(8, '0')}-AUDIO-${stamp}.opus`;
      voiceNotes.push(name);
      zip.addBuffer(voice, name, entry);
      lines.push(`${said}\u200e<attached: ${name}>`);
    } else if (kind === 'photo') {
      const name = `${String(file++).padStart(8, '0')}-PHOTO-${stamp}.jpg`;
      photos.push(name);
      zip.addBuffer(
        await sharp(noise(edge * edge * 3, i + 1), { raw: { width: edge, height: edge, channels: 3 } })
          .jpeg()
          .toBuffer(),
        name,
        entry,
      );
      lines.push(`${said}\u200e<attached: ${name}>`);
    } else {
      lines.push(
        spec.texts
          ? `${said}${spec.texts[text++ % spec.texts.length]}`
          : `${said}Message ${i + 1}: the meeting is at ${two(9 + (i % 8))}:30, see you there`,
      );
    }
  }
  zip.addBuffer(Buffer.from(`${lines.join('\n')}\n`, 'utf8'), '_chat.txt', entry);
  zip.end();
  const zipPath = path.join(dir, `WhatsApp Chat - ${participants[1]}.zip`);
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return {
    zipPath,
    messageCount: kinds.length + (spec.encryptionNotice ? 1 : 0) + (spec.systemLines?.length ?? 0),
    participants: [...participants],
    voiceNotes,
    photos,
  };
}
