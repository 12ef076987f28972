// Message texts: attached files and their captions, placeholders and markers in several languages,
// and the texts that merely mention them.

import { attachmentTypeOf, interpretMessageText } from '../src/domain/message-body';

const LRM = '\u200E';

describe('attached files', () => {
  it.each([
    // iOS, localised
    [
      `${LRM}<attached: 00000012-PHOTO-2023-06-07-15-13-20.jpg>`,
      '00000012-PHOTO-2023-06-07-15-13-20.jpg',
      'image',
    ],
    [
      `${LRM}<Anhang: 00000013-AUDIO-2023-06-07-15-14-02.opus>`,
      '00000013-AUDIO-2023-06-07-15-14-02.opus',
      'voice',
    ],
    [
      `${LRM}<adjunto: 00000014-VIDEO-2023-06-07-15-15-00.mp4>`,
      '00000014-VIDEO-2023-06-07-15-15-00.mp4',
      'video',
    ],
    [`${LRM}<anexo: 00000015-Ana Souza.vcf>`, '00000015-Ana Souza.vcf', 'contact'],
    [
      `${LRM}<pièce jointe : 00000016-STICKER-2023-06-07-15-16-00.webp>`,
      '00000016-STICKER-2023-06-07-15-16-00.webp',
      'sticker',
    ],
    [
      `${LRM}<pièce jointe\u00A0: 00000017-GIF-2023-06-07-15-17-00.mp4>`,
      '00000017-GIF-2023-06-07-15-17-00.mp4',
      'gif',
    ],
    [
      `${LRM}<allegato: 00000018-AUDIO-2023-06-07-15-18-00.m4a>`,
      '00000018-AUDIO-2023-06-07-15-18-00.m4a',
      'audio',
    ],
    // Android, localised
    ['IMG-20230607-WA0003.jpg (file attached)', 'IMG-20230607-WA0003.jpg', 'image'],
    ['PTT-20230607-WA0014.opus (Datei angehängt)', 'PTT-20230607-WA0014.opus', 'voice'],
    ['AUD-20230607-WA0015.opus (archivo adjunto)', 'AUD-20230607-WA0015.opus', 'audio'],
    ['VID-20230607-WA0016.mp4 (arquivo anexado)', 'VID-20230607-WA0016.mp4', 'video'],
    ['STK-20230607-WA0017.webp (fichier joint)', 'STK-20230607-WA0017.webp', 'sticker'],
    ['Contratto (v2) - firmato.pdf (file allegato)', 'Contratto (v2) - firmato.pdf', 'document'],
    [`${LRM}Ana Souza.vcf (file attached)`, 'Ana Souza.vcf', 'contact'],
  ])('%s', (text, attachment, type) => {
    expect(interpretMessageText(text)).toEqual({ type, attachment, content: '', flags: [] });
  });

  it('keeps the caption lines below the marker as content', () => {
    expect(
      interpretMessageText(`${LRM}<attached: 00000012-PHOTO-2023-06-07-15-13-20.jpg>\nOur street\nat night`),
    ).toEqual({
      type: 'image',
      attachment: '00000012-PHOTO-2023-06-07-15-13-20.jpg',
      content: 'Our street\nat night',
      flags: [],
    });
  });

  it("keeps an iOS document's description, without the marker", () => {
    expect(
      interpretMessageText(`Lease - signed.pdf • 12 pages ${LRM}<attached: 00000020-Lease - signed.pdf>`),
    ).toEqual({
      type: 'document',
      attachment: '00000020-Lease - signed.pdf',
      content: 'Lease - signed.pdf • 12 pages',
      flags: [],
    });
  });

  it('reads an edited caption', () => {
    expect(
      interpretMessageText(
        `IMG-20230607-WA0003.jpg (file attached)\nnew caption ${LRM}<This message was edited>`,
      ),
    ).toEqual({
      type: 'image',
      attachment: 'IMG-20230607-WA0003.jpg',
      content: 'new caption',
      flags: ['edited'],
    });
  });

  it('leaves text that only mentions a marker as text', () => {
    for (const text of [
      'I sent it (file attached) yesterday',
      'see <attached: x.jpg> below',
      'Image omitted',
      'the image omitted here was nice',
      'voice call tomorrow?',
      'my location: home',
    ]) {
      expect(interpretMessageText(text)).toEqual({
        type: 'text',
        attachment: null,
        content: text,
        flags: [],
      });
    }
  });
});

describe('placeholders and markers', () => {
  it.each([
    ['<Media omitted>', 'omitted-media', []],
    [`${LRM}image omitted`, 'omitted-media', []],
    [`${LRM}video omitted`, 'omitted-media', []],
    [`${LRM}audio omitted`, 'omitted-media', []],
    [`${LRM}sticker omitted`, 'omitted-media', []],
    [`${LRM}GIF omitted`, 'omitted-media', []],
    [`${LRM}document omitted`, 'omitted-media', []],
    [`${LRM}Contact card omitted`, 'omitted-media', []],
    ['<Medien ausgeschlossen>', 'omitted-media', []],
    ['<Multimedia omitido>', 'omitted-media', []],
    ['<Mídia oculta>', 'omitted-media', []],
    ['<Médias omis>', 'omitted-media', []],
    ['View once photo', 'omitted-media', ['viewOnce']],
    [`${LRM}view once voice message omitted`, 'omitted-media', ['viewOnce']],
    ['This message was deleted', 'deleted', ['deleted']],
    [`${LRM}You deleted this message.`, 'deleted', ['deleted']],
    ['Du hast diese Nachricht gelöscht.', 'deleted', ['deleted']],
    ['Eliminaste este mensaje.', 'deleted', ['deleted']],
    ['Você apagou esta mensagem', 'deleted', ['deleted']],
    ['Vous avez supprimé ce message', 'deleted', ['deleted']],
    ['Questo messaggio è stato eliminato', 'deleted', ['deleted']],
    [`${LRM}Missed video call`, 'call', []],
    ['location: https://maps.google.com/?q=52.52,13.405', 'location', []],
    ['Standort: https://maps.google.com/?q=52.52,13.405', 'location', []],
    ['live location shared', 'location', []],
  ])('%s', (text, type, flags) => {
    const meaning = interpretMessageText(text);
    expect(meaning).toMatchObject({ type, attachment: null, flags });
    expect(meaning.content).toBe(text.replace(LRM, ''));
  });

  it('reads a poll with its options', () => {
    const poll = 'POLL:\nWhere to eat?\nOPTION: Pizza (3 votes)\nOPTION: Sushi (1 vote)';
    expect(interpretMessageText(poll)).toEqual({ type: 'poll', attachment: null, content: poll, flags: [] });
    expect(interpretMessageText('ENCUESTA:\n¿Dónde?\nOPCIÓN: Aquí (1 voto)').type).toBe('poll');
  });

  it.each([
    ['<This message was edited>'],
    ['<Diese Nachricht wurde bearbeitet>'],
    ['<Se editó este mensaje.>'],
    ['<Mensagem editada>'],
    ['<Ce message a été modifié>'],
    ['<Questo messaggio è stato modificato>'],
  ])('edited marker %s', (marker) => {
    expect(interpretMessageText(`See you at 9 ${LRM}${marker}`)).toEqual({
      type: 'text',
      attachment: null,
      content: 'See you at 9',
      flags: ['edited'],
    });
  });

  it('trims whitespace and direction marks from the edges of content but keeps paired embeddings', () => {
    expect(interpretMessageText(`${LRM} hello \n`).content).toBe('hello');
    expect(interpretMessageText('call \u202A+1 555 0100\u202C').content).toBe('call \u202A+1 555 0100\u202C');
  });
});

describe('attachmentTypeOf', () => {
  it.each([
    ['00000013-AUDIO-2023-06-07-15-14-02.opus', 'voice'],
    ['00000013-AUDIO-2023-06-07-15-14-02.m4a', 'audio'],
    ['PTT-20230607-WA0014.opus', 'voice'],
    ['AUD-20230607-WA0015.opus', 'audio'],
    ['song.mp3', 'audio'],
    ['00000012-PHOTO-2023-06-07-15-13-20.jpg', 'image'],
    ['IMG-20230607-WA0003.webp', 'image'],
    ['holiday.PNG', 'image'],
    ['00000014-VIDEO-2023-06-07-15-15-00.mp4', 'video'],
    ['VID-20230607-WA0016.3gp', 'video'],
    ['clip.mov', 'video'],
    ['STK-20230607-WA0017.webp', 'sticker'],
    ['sticker.webp', 'sticker'],
    ['00000017-GIF-2023-06-07-15-17-00.mp4', 'gif'],
    ['funny.gif', 'gif'],
    ['00000015-Name Surname.vcf', 'contact'],
    ['Report Q3 - final.pdf', 'document'],
    ['notes', 'document'],
    ['DOC-20230607-WA0018.docx', 'document'],
  ])('%s is %s', (name, type) => {
    expect(attachmentTypeOf(name)).toBe(type);
  });
});
