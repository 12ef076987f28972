import { exportReference } from '@chatexhibit/proto/export-reference';
import { chatNameOf, contentDisposition, downloadFileName } from '../src/results/download-names';

const exportId = '7b0b3c1e-4a55-4d6e-9c3f-2b1a0e9d8c7f';

describe('download file names', () => {
  it('names the transcript and the package after the chat, the package with its reference', () => {
    expect(downloadFileName('transcript', exportId, 'WhatsApp Chat with Sam.zip')).toBe(
      'WhatsApp Chat with Sam – transcript.pdf',
    );
    expect(downloadFileName('evidenceZip', exportId, 'WhatsApp Chat - Jane Roe.ZIP')).toBe(
      `WhatsApp Chat - Jane Roe – evidence-${exportReference(exportId)}.zip`,
    );
  });

  it('keeps no folder, control character or character a file system refuses', () => {
    expect(chatNameOf('C:\\Users\\x\\Chat: "A" <1>?.zip')).toBe('Chat A 1');
    expect(chatNameOf('../../etc/passwd')).toBe('passwd');
    expect(chatNameOf('Sam\u0000\u202eevil\r\n.zip')).toBe('Sam evil');
    expect(chatNameOf('...hidden.zip')).toBe('hidden');
    expect(chatNameOf('x'.repeat(300))).toHaveLength(120);
  });

  it('falls back to the plain names when the upload gave no usable name', () => {
    expect(downloadFileName('transcript', exportId, null)).toBe('transcript.pdf');
    expect(downloadFileName('transcript', exportId, ' .zip')).toBe('transcript.pdf');
    expect(downloadFileName('evidenceZip', exportId, '???')).toBe(
      `evidence-${exportReference(exportId)}.zip`,
    );
  });

  it('sends the name in UTF-8 as RFC 8187 encodes it', () => {
    expect(contentDisposition('inline', "Chat with Zoë (Sam's) – transcript.pdf")).toBe(
      "inline; filename*=UTF-8''Chat%20with%20Zo%C3%AB%20%28Sam%27s%29%20%E2%80%93%20transcript.pdf",
    );
    // The header decodes back to the name.
    const value = contentDisposition('attachment', 'WhatsApp Chat with Sam – transcript.pdf');
    expect(decodeURIComponent(value.split("''")[1]!)).toBe('WhatsApp Chat with Sam – transcript.pdf');
  });
});
