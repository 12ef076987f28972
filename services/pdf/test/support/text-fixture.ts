import type { TextStyle } from '@chatexhibit/pdf/domain/text/font-set';
import type { TextLine } from '@chatexhibit/pdf/domain/text/text-layout';

/** One paragraph per script the transcript must render, as people write them in chats. */
export const MULTI_SCRIPT = [
  'English: The quick brown fox jumps over the lazy dog.',
  'Русский: Привет! Встреча в 15:00.',
  'Ελληνικά: Καλημέρα κόσμε',
  'مرحبا، كيف حالك؟ وصلت الأوراق',
  'שלום, המסמכים אצלי',
  'ไทย: สวัสดีครับ วันนี้อากาศดีมาก',
  '中文: 我们明天下午三点见面。',
  '日本語: こんにちは、カタカナ',
  '한국어: 안녕하세요 반갑습니다',
  'हिन्दी: नमस्ते दुनिया',
  'Emoji: 😀 👍🏽 👨‍👩‍👧 🇺🇸 1️⃣ ❤️ 🏴󠁧󠁢󠁥󠁮󠁧󠁿 🎯',
].join('\n');

export const BODY: TextStyle = { family: 'sans', weight: 'regular', size: 10 };

/** What each run of a line is drawn with, left to right: a face's file name, or 'emoji'. */
export function drawnWith(line: TextLine): string[] {
  return line.runs.map((run) => (run.kind === 'emoji' ? 'emoji' : run.face.name));
}
