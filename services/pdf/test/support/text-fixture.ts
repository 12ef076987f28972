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

/**
 * One line per script the transcript draws, as people write them in chats: the scripts of
 * MULTI_SCRIPT and every script with a face of its own, plus what falls back across faces
 * (Hangul jamo, a CJK Extension B ideograph, mathematical letters used as styled text).
 */
export const SCRIPT_LINES: readonly (readonly [script: string, line: string])[] = [
  ['Latin', 'English: The quick brown fox jumps over the lazy dog. Ação, Đặng, Łódź'],
  ['Cyrillic', 'Русский: Привет! Встреча в 15:00.'],
  ['Greek', 'Ελληνικά: Καλημέρα κόσμε'],
  ['Arabic', 'مرحبا، كيف حالك؟ وصلت الأوراق'],
  ['Hebrew', 'שלום, המסמכים אצלי'],
  ['Thai', 'ไทย: สวัสดีครับ วันนี้อากาศดีมาก'],
  ['Han', '中文: 我们明天下午三点见面。'],
  ['Kana', '日本語: こんにちは、カタカナ'],
  ['CJK Extension B', '名前: 𠮷野さんと𠮷田さん'],
  ['Hangul', '한국어: 안녕하세요 반갑습니다'],
  // Compatibility jamo, lone conjoining jamo (initial, vowel, final), old Hangul, decomposed 한글.
  ['Hangul jamo', '자모: ㅋㅋㅋ ㅠㅠ ᄀ ᄂ ᅡ ᅣ ᆷ ᆺ 옛한글 ᄒᆞᆫ글 \u1112\u1161\u11ab\u1100\u1173\u11af'],
  ['Devanagari', 'हिन्दी: नमस्ते दुनिया'],
  ['Bengali', 'বাংলা: নমস্কার, কাল দেখা হবে'],
  ['Gurmukhi', 'ਪੰਜਾਬੀ: ਸਤ ਸ੍ਰੀ ਅਕਾਲ, ਕੱਲ੍ਹ ਮਿਲਾਂਗੇ'],
  ['Gujarati', 'ગુજરાતી: નમસ્તે, કાલે મળીએ'],
  ['Oriya', 'ଓଡ଼ିଆ: ନମସ୍କାର, କାଲି ଦେଖା ହେବ'],
  ['Tamil', 'தமிழ்: வணக்கம், நாளை சந்திப்போம்'],
  ['Telugu', 'తెలుగు: నమస్కారం, రేపు కలుద్దాం'],
  ['Kannada', 'ಕನ್ನಡ: ನಮಸ್ಕಾರ, ನಾಳೆ ಭೇಟಿಯಾಗೋಣ'],
  ['Malayalam', 'മലയാളം: നമസ്കാരം, നാളെ കാണാം'],
  ['Sinhala', 'සිංහල: ආයුබෝවන්, හෙට හමුවෙමු'],
  ['Armenian', 'Հայերեն: Բարև, վաղը կհանդիպենք'],
  ['Georgian', 'ქართული: გამარჯობა, ხვალ შევხვდებით'],
  ['Ethiopic', 'አማርኛ: ሰላም፣ ነገ እንገናኝ።'],
  ['Khmer', 'ខ្មែរ: សួស្តី ស្អែកជួបគ្នា'],
  ['Lao', 'ລາວ: ສະບາຍດີ ມື້ອື່ນພົບກັນ'],
  ['Myanmar', 'မြန်မာ: မင်္ဂလာပါ မနက်ဖြန် တွေ့မယ်'],
  ['Syriac', 'ܣܘܪܝܝܐ: ܫܠܡܐ ܥܠܘܟ'],
  ['Tibetan', 'བོད་ཡིག: བཀྲ་ཤིས་བདེ་ལེགས། སྒྲུབ་པ།'],
  ['Mongolian', 'ᠮᠣᠩᠭᠣᠯ: ᠰᠠᠶᠢᠨ ᠪᠠᠶᠢᠨ᠎ᠠ ᠤᠤ'],
  ['Cherokee', 'ᏣᎳᎩ: ᎣᏏᏲ, ᏙᏓᏓᎪᎲᎢ'],
  ['Thaana', 'ދިވެހި: އައްސަލާމް ޢަލައިކުމް'],
  ['Tifinagh', 'ⵜⴰⵎⴰⵣⵉⵖⵜ: ⴰⵣⵓⵍ'],
  ['Nko', 'ߒߞߏ: ߌ ߣߌ ߛߐ߯ߡߊ'],
  ['Adlam', '𞤀𞤣𞤤𞤢𞤥: 𞤆𞤵𞤤𞤢𞤪'],
  ['Yi', 'ꆈꌠꁱꂷ: ꀉꂿ'],
  ['Javanese', 'ꦗꦮ: ꦱꦸꦒꦼꦁꦲꦺꦚ꧀ꦗꦁ'],
  ['Balinese', 'ᬩᬮᬶ: ᬒᬁᬲ᭄ᬯᬲ᭄ᬢ᭄ᬬᬲ᭄ᬢᬸ'],
  ['Canadian Aboriginal', 'ᓀᐦᐃᔭᐍᐏᐣ: ᑕᓂᓯ'],
  ['Ol Chiki', 'ᱥᱟᱱᱛᱟᱲᱤ: ᱡᱚᱦᱟᱨ'],
  ['Meetei Mayek', 'ꯃꯤꯇꯩ ꯂꯣꯟ: ꯈꯨꯔꯨꯝꯖꯔꯤ'],
  ['Tai Viet', 'ꪼꪕꪒꪾ: ꪎꪱꪙ ꪁꪫꪱꪣ'],
  ['Vai', 'ꕙꔤ: ꕉꕜꕮ ꔔꘋ'],
  ['Lisu', 'ꓡꓲ-ꓢꓴ: ꓐꓲ ꓗꓪ'],
  ['Chakma', '𑄌𑄋𑄴𑄟𑄳𑄦: 𑄟𑄧𑄚𑄴'],
  ['Syloti Nagri', 'ꠍꠤꠟꠐꠤ: ꠀꠝꠤ'],
  ['Cham', 'ꨌꩌ: ꨆꨩ ꨚꨪ ꨦꨯ'],
  ['Osage', '𐓏𐓘𐓻𐓘𐓻𐓟: 𐓀𐓘𐓻'],
  ['Hanifi Rohingya', '𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝: 𐴀𐴝𐴑𐴝'],
  ['Mathematical letters', 'Styled: 𝐁𝐨𝐥𝐝 𝓼𝓬𝓻𝓲𝓹𝓽 𝔉𝔯𝔞𝔨𝔱𝔲𝔯 𝟙𝟚𝟛'],
  ['Symbols', 'Signed ✓ → ♔ € ₹ №'],
];

export const BODY: TextStyle = { family: 'sans', weight: 'regular', size: 10 };

/** What each run of a line is drawn with, left to right: a face's file name, or 'emoji'. */
export function drawnWith(line: TextLine): string[] {
  return line.runs.map((run) => (run.kind === 'emoji' ? 'emoji' : run.face.name));
}
