import { MessageSchema } from '@chatexhibit/proto/chat';
import { SYSTEM_SENDER, toApiMessage } from '../src/domain/api-message';
import { parseChat } from '../src/domain/parse-chat';
import { fixtureBytes } from './support/fixtures';

describe('toApiMessage', () => {
  const chat = parseChat(fixtureBytes('android-dmy-24h.txt'));
  const at = (line: number) => {
    const message = chat.messages.find((m) => m.line === line);
    if (message === undefined) throw new Error(`no message on line ${line}`);
    return message;
  };

  it('every message maps to a valid API message', () => {
    for (const message of chat.messages)
      expect(MessageSchema.safeParse(toApiMessage(message)).success).toBe(true);
  });

  it('text stays text', () => {
    expect(toApiMessage(at(4))).toEqual({
      timestamp: '2023-03-14T20:01:00',
      secondsRecorded: false,
      sender: 'Omar',
      content: 'hi all',
      type: 'text',
    });
  });

  it('says whether the export wrote seconds: iOS does, Android does not', () => {
    expect(chat.messages.every((m) => !toApiMessage(m).secondsRecorded)).toBe(true);
    const ios = parseChat(fixtureBytes('ios-mdy-12h.txt')).messages;
    expect(ios.map((m) => toApiMessage(m).secondsRecorded)).toEqual(ios.map(() => true));
  });

  it('a system event has the empty sender, which no person can have', () => {
    expect(SYSTEM_SENDER).toBe('');
    expect(toApiMessage(at(1))).toMatchObject({ sender: '', type: 'text' });
  });

  it('a voice note is voice, its content the audio URL once there is one', () => {
    expect(toApiMessage(at(15))).toEqual({
      timestamp: '2023-03-14T20:07:00',
      secondsRecorded: false,
      sender: 'Jean - Luc',
      content: 'PTT-20230314-WA0004.opus',
      type: 'voice',
    });
    expect(toApiMessage(at(15), { url: 'https://files.example/voice/1.mp3', durationSeconds: 7 })).toEqual({
      timestamp: '2023-03-14T20:07:00',
      secondsRecorded: false,
      sender: 'Jean - Luc',
      content: 'https://files.example/voice/1.mp3',
      type: 'voice',
      duration: 7,
    });
  });

  it('other attachments show their file name, then the caption', () => {
    expect(toApiMessage(at(12)).content).toBe('IMG-20230314-WA0003.jpg\nThe view from the office');
    expect(toApiMessage(at(14)).content).toBe('Report Q3 - final.pdf');
    expect(toApiMessage(at(16)).type).toBe('text'); // plain audio (AUD-) is not a voice note
  });

  it('accepts a stored message whose type is a plain string', () => {
    const stored = {
      timestamp: '2023-03-14T20:07:00',
      secondsRecorded: true,
      sender: null,
      content: 'x',
      type: 'voice',
      attachment: 'PTT-1.opus',
    };
    expect(toApiMessage(stored)).toEqual({
      timestamp: '2023-03-14T20:07:00',
      secondsRecorded: true,
      sender: '',
      content: 'PTT-1.opus',
      type: 'voice',
    });
  });
});
