import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Calendar } from '@chatexhibit/proto/calendar';
import type { ProcessingOptions } from '@chatexhibit/proto/processing-options';

@Entity({ name: 'chats' })
export class ChatEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @Column({ name: 'original_filename', type: 'text' }) originalFilename!: string;
  @Column({ name: 'file_hash', type: 'char', length: 64 }) fileHash!: string;
  @Column({ name: 'processing_options', type: 'jsonb' }) processingOptions!: ProcessingOptions;
  @Column({ name: 'chat_file', type: 'text' }) chatFile!: string;
  @Column({ type: 'text', nullable: true }) format!: string | null;
  @Column({ name: 'date_order', type: 'text', nullable: true }) dateOrder!: string | null;
  @Column({ type: 'text' }) calendar!: Calendar;
  @Column({ type: 'text', nullable: true }) encoding!: string | null;
  @Column({ name: 'message_count', type: 'integer' }) messageCount!: number;
  /** What the free tier counts (freeTierCount); null for a chat parsed before it was recorded. */
  @Column({ name: 'free_tier_count', type: 'integer', nullable: true }) freeTierCount!: number | null;
  /** Every ZIP entry's size but the chat text's; null for a chat parsed before it was recorded. */
  @Column({ name: 'media_size_bytes', type: 'bigint', nullable: true }) mediaSizeBytes!: string | null;
  @Column({ type: 'jsonb' }) participants!: string[];
  @Column({ type: 'jsonb' }) preamble!: string[];
  @Column({ type: 'jsonb' }) warnings!: string[];
  @Column({ name: 'parsed_at', type: 'timestamptz' }) parsedAt!: Date;
}

@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryColumn({ name: 'export_id', type: 'uuid' }) exportId!: string;
  @PrimaryColumn({ type: 'integer' }) index!: number;
  @Column({ type: 'integer' }) line!: number;
  @Column({ name: 'line_end', type: 'integer' }) lineEnd!: number;
  @Column({ type: 'text' }) timestamp!: string;
  @Column({ name: 'seconds_recorded', type: 'boolean' }) secondsRecorded!: boolean;
  @Column({ type: 'text', nullable: true }) sender!: string | null;
  @Column({ type: 'text' }) raw!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ type: 'text' }) type!: string;
  @Column({ type: 'text', nullable: true }) attachment!: string | null;
  @Column({ name: 'attachment_key', type: 'text', nullable: true }) attachmentKey!: string | null;
  @Column({ type: 'text', array: true }) flags!: string[];
  @Column({ type: 'text', nullable: true }) event!: string | null;
}
