/**
 * How to make the ZIP ChatExhibit reads, on each phone. The button names are WhatsApp's own
 * (English); other languages and older versions word them slightly differently.
 */
export interface ExportGuide {
  id: 'iphone' | 'android';
  heading: string;
  steps: readonly string[];
  /** What the phone hands over, and what to upload. */
  result: string;
}

export const EXPORT_GUIDES: readonly ExportGuide[] = [
  {
    id: 'iphone',
    heading: 'Export a chat on an iPhone',
    steps: [
      'Open WhatsApp and open the chat you need.',
      'Tap the contact’s or group’s name at the top of the chat.',
      'Scroll down and tap “Export Chat”.',
      'Tap “Attach Media”, so that voice notes, photos and documents come with the text.',
      'Choose “Save to Files” (or mail it to yourself), then open this page on the device that has the file.',
      'Upload the ZIP file, named like “WhatsApp Chat - Sam.zip”, exactly as WhatsApp made it: do not unzip it.',
    ],
    result:
      'The iPhone always makes a ZIP file: with media or, if you chose “Without Media”, with the text only.',
  },
  {
    id: 'android',
    heading: 'Export a chat on Android',
    steps: [
      'Open WhatsApp and open the chat you need.',
      'Tap ⋮ (More options) at the top right, then “More”, then “Export chat”.',
      'Choose “Include media”, so that voice notes, photos and documents come with the text.',
      'Share it to Google Drive, Gmail or your Files app, then open this page on the device that has the file.',
      'Upload the ZIP file, named like “WhatsApp Chat with Sam.zip”, exactly as WhatsApp made it: do not unzip it.',
    ],
    result:
      'With “Without media”, Android shares only a text file (“WhatsApp Chat with Sam.txt”), not a ZIP. Export again with “Include media”, or put the text file into a ZIP yourself (in the Files app: select it, then “Compress”); the transcript then marks each media item as left out of the export.',
  },
];
