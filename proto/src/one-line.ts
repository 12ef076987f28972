/**
 * Text a person types on one line (a name, a subject, a case number): no line break, no other
 * control character, and none of Unicode's line and paragraph separators, so that it cannot
 * start a new line where it is written out (a mail's header block, a transcript's cover).
 */
export const isOneLine = (value: string): boolean => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value);
