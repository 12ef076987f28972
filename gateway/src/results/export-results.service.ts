import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import type { ChatData, Message } from '@chatexhibit/proto/chat';
import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { PREVIEW_PAGE_SIZE } from '@chatexhibit/proto/constants';
import type { DownloadPaths } from '@chatexhibit/proto/download-paths';
import { type IdentifierScan, IdentifierScanSchema } from '@chatexhibit/proto/identifier-scan';
import { type Gone, GONE_REFUSALS, PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { BusError } from '@chatexhibit/kit/bus/bus-error';
import { exportKeys, type MediaItem, MediaManifestSchema } from '@chatexhibit/proto/storage-layout';
import { randomUUID } from 'node:crypto';
import type { LinksMailResponse } from '@chatexhibit/proto/links-mail';
import {
  CHAT_DATA_REQUEST,
  EXPORT_ACCESS_REQUEST,
  MAIL_JOB,
  type StoredMessage,
} from '@chatexhibit/proto/subjects';
import { WorkQueue } from '@chatexhibit/kit/bus/work-queue';
import { RequestBus } from '@chatexhibit/kit/bus/request-bus';
import { ObjectNotFoundError, ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { ProgressChannel } from '@chatexhibit/kit/progress/progress-channel';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import { SignedLinks } from '@chatexhibit/kit/links/signed-links';

/** 410 for an export that is gone, its reason saying how: EXPORT_DELETED or EXPORT_EXPIRED. */
function refuseGone(gone: Gone | null): void {
  if (gone) throw BusError.of(PAYMENT_ERRORS, GONE_REFUSALS[gone]);
}

/** Messages per chat-data request: one page stays well inside one NATS message (1 MB by default). */
const CHAT_PAGE_SIZE = 1000;

/**
 * What a reader of an export gets: its chat data, with each voice note's content a link to its
 * MP3, and links to its documents, none signed (they open with the binding cookie, see the
 * controller). Only for exports that are free or paid.
 */
@Injectable()
export class ExportResultsService {
  readonly links: SignedLinks;

  constructor(
    private readonly requestBus: RequestBus,
    private readonly storage: ObjectStorage,
    private readonly progress: ProgressChannel,
    private readonly workQueue: WorkQueue,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
  ) {
    this.links = new SignedLinks(settings.linkSigningSecret);
  }

  /**
   * 404, the same as for an export that does not exist, unless the export is free or paid; 410
   * once it is gone, with the reason that says how (deleted by its uploader, or expired).
   */
  async assertReadable(exportId: string): Promise<void> {
    const { readable, gone } = await this.requestBus.request(EXPORT_ACCESS_REQUEST, { exportId });
    refuseGone(gone);
    if (!readable) throw new NotFoundException(NOT_FOUND_MESSAGE);
  }

  /**
   * The preview of an export waiting for payment, for whoever holds its id (the uploader): 404
   * for any other export (a free or paid one has its chat data), 410 once it is gone.
   * Voice notes come without audio: nothing here opens a locked file.
   */
  async preview(exportId: string): Promise<ChatPreview> {
    const latest = await this.progress.latest(exportId);
    if (latest?.requiresPayment !== true || latest.messageCount === undefined)
      throw new NotFoundException(NOT_FOUND_MESSAGE);
    refuseGone((await this.requestBus.request(EXPORT_ACCESS_REQUEST, { exportId })).gone);
    const first = await this.requestBus.request(CHAT_DATA_REQUEST, {
      chatExportId: exportId,
      page: { offset: 0, limit: PREVIEW_PAGE_SIZE },
    });
    const entries = first.totalMessages;
    const last =
      entries > 0
        ? await this.requestBus.request(CHAT_DATA_REQUEST, {
            chatExportId: exportId,
            page: { offset: entries - 1, limit: 1 },
          })
        : null;
    // The free tier's count (parse's, on the payment event) against every entry.
    const countedEntries = latest.messageCount;
    return {
      originalFilename: first.originalFilename,
      fileHash: first.fileHash,
      participants: first.participants,
      processingOptions: first.processingOptions,
      firstEntryAt: first.messages[0]?.timestamp ?? null,
      lastEntryAt: last?.messages[0]?.timestamp ?? null,
      entries,
      countedEntries,
      whatsappNotices: Math.max(0, entries - countedEntries),
      messages: first.messages.map(({ timestamp, secondsRecorded, sender, content, type, duration }) => ({
        timestamp,
        secondsRecorded,
        sender,
        type,
        content: type === 'voice' ? '' : content,
        ...(duration !== undefined && { duration }),
      })),
    };
  }

  /**
   * Queues the links mail of a free export (a bought one's went to its buyer): 404 for any
   * other export, 410 once it is gone. The notification service signs the links.
   */
  async mailFreeLinks(exportId: string, to: string): Promise<LinksMailResponse> {
    const latest = await this.progress.latest(exportId);
    if (latest?.done !== true || latest.requiresPayment === true || latest.error !== undefined)
      throw new NotFoundException(NOT_FOUND_MESSAGE);
    const { readable, gone, deleteAfter } = await this.requestBus.request(EXPORT_ACCESS_REQUEST, {
      exportId,
    });
    refuseGone(gone);
    if (!readable || deleteAfter === null) throw new NotFoundException(NOT_FOUND_MESSAGE);
    await this.workQueue.enqueue(MAIL_JOB, {
      kind: 'download-links',
      mailId: randomUUID(),
      to,
      exportId,
      deleteAfter,
    });
    return { emailedTo: to, deleteAfter };
  }

  /** When an export's files are deleted, as its retention records it (nothing when none does). */
  /** Payment's word on an export: whether it may be read, until when, and the bundle that buys it. */
  access(exportId: string): Promise<z.infer<typeof EXPORT_ACCESS_REQUEST.response>> {
    return this.requestBus.request(EXPORT_ACCESS_REQUEST, { exportId });
  }

  /** The transcript's link for the web app: no signature, it opens through a link code. */
  pdfUrl(exportId: string): string {
    return this.links.pathsOf(exportId).transcript;
  }

  /**
   * The name the uploaded ZIP had, which downloads are named after; null when parse cannot say,
   * and the download goes out under its plain name rather than fail.
   */
  async uploadFileName(exportId: string): Promise<string | null> {
    try {
      const { originalFilename } = await this.requestBus.request(CHAT_DATA_REQUEST, {
        chatExportId: exportId,
        page: { offset: 0, limit: 1 },
      });
      return originalFilename;
    } catch {
      return null;
    }
  }

  async chatData(exportId: string): Promise<ChatData> {
    const first = await this.requestBus.request(CHAT_DATA_REQUEST, {
      chatExportId: exportId,
      page: { offset: 0, limit: CHAT_PAGE_SIZE },
    });
    const stored: StoredMessage[] = [...first.messages];
    while (stored.length < first.totalMessages) {
      const page = await this.requestBus.request(CHAT_DATA_REQUEST, {
        chatExportId: exportId,
        page: { offset: stored.length, limit: CHAT_PAGE_SIZE },
      });
      if (page.messages.length === 0) break;
      stored.push(...page.messages);
    }
    const voice = await this.voiceNotes(exportId);
    const identifierScan = await this.identifierScan(exportId);
    const paths = this.links.pathsOf(exportId);
    return {
      id: first.id,
      originalFilename: first.originalFilename,
      fileHash: first.fileHash,
      participants: first.participants,
      processingOptions: first.processingOptions,
      messages: stored.map((message) => this.toMessage(paths, message, voice)),
      ...(identifierScan !== null && { identifierScan }),
    };
  }

  /** What the pdf step's scan found; null for documents made before it scanned. */
  private async identifierScan(exportId: string): Promise<IdentifierScan | null> {
    try {
      return await this.storage.getJson(exportKeys(exportId).identifierScan, IdentifierScanSchema);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }
  }

  private toMessage(paths: DownloadPaths, message: StoredMessage, voice: Map<string, MediaItem>): Message {
    const { timestamp, secondsRecorded, sender, content, type, duration } = message;
    const audio = message.attachmentPath === null ? undefined : voice.get(message.attachmentPath);
    if (type !== 'voice' || !audio)
      return {
        timestamp,
        secondsRecorded,
        sender,
        content,
        type,
        ...(duration !== undefined && { duration }),
      };
    return {
      timestamp,
      secondsRecorded,
      sender,
      type,
      // No signature: it opens with the cookie binding the export (an audio element cannot post for a code).
      content: paths.audio(audio.path),
      ...(audio.durationSeconds !== null && { duration: audio.durationSeconds }),
    };
  }

  /** The voice notes media converted, by entry path. */
  private async voiceNotes(exportId: string): Promise<Map<string, MediaItem>> {
    let manifest;
    try {
      manifest = await this.storage.getJson(exportKeys(exportId).mediaManifest, MediaManifestSchema);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return new Map();
      throw error;
    }
    return new Map(
      manifest.items.filter((i) => i.kind === 'voice' && i.derivedKey !== null).map((i) => [i.path, i]),
    );
  }
}
