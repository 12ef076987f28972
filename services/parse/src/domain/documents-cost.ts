import { documentsCostMs, documentsWork } from '@chatexhibit/proto/documents-cost';
import type { ParsedChat } from './chat-model';

/** What the transcript draws of a chat: the lines before the first header, each sender and text. */
function* drawnTexts({ preamble, messages }: ParsedChat): Iterable<string> {
  yield* preamble;
  for (const message of messages) {
    if (message.sender !== null) yield message.sender;
    yield message.content;
  }
}

/** The estimated drawing time of a chat's documents, which picks their lane in the pdf service. */
export const chatDocumentsCostMs = (chat: ParsedChat): number =>
  documentsCostMs(documentsWork(chat.messages.length, drawnTexts(chat)));
