import { mediaKindOf } from '../src/domain/media-kind';

describe('mediaKindOf', () => {
  it.each([
    ['PTT-20230607-WA0014.opus', 'voice'],
    ['00000013-AUDIO-2023-06-07-15-14-02.opus', 'voice'],
    ['Chat/AUD-20230607-WA0002.m4a', 'voice'],
    ['AUD-20230607-WA0003.AAC', 'voice'],
    ['recording.amr', 'voice'],
    ['song.Mp3', 'voice'],
    ['memo.wav', 'voice'],
    ['old.ogg', 'voice'],
    ['IMG-20230607-WA0001.jpg', 'image'],
    ['00000021-PHOTO-2023-06-07-15-20-11.JPEG', 'image'],
    ['Screenshot.png', 'image'],
    ['STK-20230607-WA0005.webp', 'image'],
    ['funny.GIF', 'image'],
    ['IMG_4411.HEIC', 'image'],
    ['VID-20230607-WA0004.mp4', 'other'],
    ['contract.pdf', 'other'],
    ['opus', 'other'],
    ['folder.opus/readme', 'other'],
    ['_chat.txt', 'other'],
  ])('%s is %s', (entryPath, kind) => {
    expect(mediaKindOf(entryPath)).toBe(kind);
  });
});
