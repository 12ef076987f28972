import { ChatEntity, MessageEntity } from '../chat/chat.entities';
import { CreateChats1763700100000 } from './migrations/1763700100000-create-chats';
import { AddChatCalendar1764000000000 } from './migrations/1764000000000-add-chat-calendar';
import { AddMessageSecondsRecorded1764400000000 } from './migrations/1764400000000-add-message-seconds-recorded';
import { AddChatFreeTierCounts1765400000000 } from './migrations/1765400000000-add-chat-free-tier-counts';

/** The parse service's tables: their entities and the migrations that make them, in order. */
export const PARSE_TABLES = {
  entities: [ChatEntity, MessageEntity],
  migrations: [
    CreateChats1763700100000,
    AddChatCalendar1764000000000,
    AddMessageSecondsRecorded1764400000000,
    AddChatFreeTierCounts1765400000000,
  ],
};
