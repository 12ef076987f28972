/** The largest message number stored (PostgreSQL's integer); no chat comes near it. */
export const MAX_MESSAGE_NUMBER = 2_147_483_647;

/**
 * A message's number as every document prints it and a court cites it ("message 0412"):
 * zero-padded to four digits, or to the digits of the largest number in the chat.
 */
export const messageNumber = (index: number, totalMessages: number): string =>
  String(index).padStart(Math.max(4, String(totalMessages).length), '0');
