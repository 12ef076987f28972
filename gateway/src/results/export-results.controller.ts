import { Controller, ForbiddenException, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ChatData } from '@chatexhibit/proto/chat';
import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { routePath } from '@chatexhibit/proto/contract';
import { documentOfLink, type LinkedDocument } from '@chatexhibit/proto/download-paths';
import {
  type DownloadCodeResponse,
  type LinkCodeResponse,
  type SignedLinkQuery,
  DOWNLOAD_CODE_REFUSED,
  ExportIdSchema,
  HTTP_API,
  NOT_FOUND_MESSAGE,
} from '@chatexhibit/proto/http-api';
import { exhibitFileType } from '@chatexhibit/proto/exhibit-files';
import { exportKeys } from '@chatexhibit/proto/storage-layout';
import { isValidKey, ObjectNotFoundError, ObjectStorage } from '@chatexhibit/kit/storage/object-storage';
import { DownloadCodes } from '../access/download-codes';
import { ExportBinding } from '../access/export-binding';
import { Route, RouteBody, RouteParams } from '../http/http-route';
import { contentDisposition, type DownloadDocument, downloadFileName } from './download-names';
import { ExportResultsService } from './export-results.service';
import { linkOpenerPage, linkOpenerPolicy } from './link-opener-page';

/** A signed link whose path names no export this server sealed. */
const INVALID_LINK_MESSAGE = 'This download link is not valid.';

/**
 * How each downloadable document is sent; its file name (download-names.ts) gives the chat's
 * name and the export's reference, never its id.
 */
const DOCUMENTS = {
  transcript: { type: 'application/pdf', disposition: 'inline' },
  evidenceZip: { type: 'application/zip', disposition: 'attachment' },
} as const satisfies Record<DownloadDocument, { type: string; disposition: 'inline' | 'attachment' }>;

/**
 * Reading an export's results (SPEC §7): its chat data and evidence package for free or paid
 * exports only, with the cookie that binds the id to the browser (or a download code), and its
 * files (transcript, evidence package, voice notes, exhibits' files): the web app's links with
 * that cookie (a one-time code for a document, the cookie alone for a voice note), the buyer's
 * mailed links by their signature.
 */
@Controller()
export class ExportResultsController {
  constructor(
    private readonly results: ExportResultsService,
    private readonly storage: ObjectStorage,
    private readonly binding: ExportBinding,
    private readonly codes: DownloadCodes,
  ) {}

  @Route(HTTP_API.chatData)
  async chat(
    @RouteParams(HTTP_API.chatData) { chatExportId }: { chatExportId: string },
    @Req() request: Request,
  ): Promise<ChatData> {
    this.binding.assertBound(request, chatExportId);
    await this.results.assertReadable(chatExportId);
    return this.results.chatData(chatExportId);
  }

  /** The uploader's look at their chat before paying (first page, no media). */
  @Route(HTTP_API.chatPreview)
  preview(
    @RouteParams(HTTP_API.chatPreview) { exportId }: { exportId: string },
    @Req() request: Request,
  ): Promise<ChatPreview> {
    this.binding.assertBound(request, exportId);
    return this.results.preview(exportId);
  }

  /** A one-time code for the Download Evidence Package button, so its address holds no export id. */
  @Route(HTTP_API.downloadCode)
  async downloadCode(
    @RouteParams(HTTP_API.downloadCode) { exportId }: { exportId: string },
    @Req() request: Request,
  ): Promise<DownloadCodeResponse> {
    this.binding.assertBound(request, exportId);
    await this.results.assertReadable(exportId);
    return this.codes.issue(exportId);
  }

  /** A one-time code for a document link the web app holds (View PDF, an exhibit's files). */
  @Route(HTTP_API.linkCode)
  async linkCode(
    @RouteBody(HTTP_API.linkCode) { link }: { link: string },
    @Req() request: Request,
  ): Promise<LinkCodeResponse> {
    // A link handed out before links lost their signatures still names its document.
    const named = documentOfLink(link.split(/[?#]/)[0]!);
    const exportId = named && this.results.links.unseal(named.token);
    if (!exportId) throw new NotFoundException(NOT_FOUND_MESSAGE);
    this.binding.assertBound(request, exportId);
    await this.results.assertReadable(exportId);
    const { code, expiresAt } = this.codes.issue(exportId, named.document);
    return { url: routePath(HTTP_API.openLinkCode, { code }), expiresAt };
  }

  @Route(HTTP_API.openLinkCode)
  async openLinkCode(
    @RouteParams(HTTP_API.openLinkCode) { code }: { code: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { exportId, document } = await this.redeem(request, code);
    await this.sendLinked(response, exportId, document);
  }

  @Route(HTTP_API.evidenceZip)
  async evidenceZip(
    @RouteParams(HTTP_API.evidenceZip) { id }: { id: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const exportId = await this.exportOfIdOrCode(request, id);
    await this.results.assertReadable(exportId);
    await this.sendDocument(response, exportId, 'evidenceZip');
  }

  // A signed link's query is checked by the link itself (403), not as a malformed request.
  @Route(HTTP_API.signedTranscript)
  transcript(
    @RouteParams(HTTP_API.signedTranscript) { token }: { token: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.sendSignedDocument(request, response, token, 'transcript');
  }

  @Route(HTTP_API.signedEvidenceZip)
  evidenceZipFile(
    @RouteParams(HTTP_API.signedEvidenceZip) { token }: { token: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.sendSignedDocument(request, response, token, 'evidenceZip');
  }

  /** A mailed link's signature, posted from its fragment by the opener page. */
  @Route(HTTP_API.mailedTranscript)
  async mailedTranscript(
    @RouteParams(HTTP_API.mailedTranscript) { token }: { token: string },
    @RouteBody(HTTP_API.mailedTranscript) signed: Partial<SignedLinkQuery>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const exportId = await this.readableThroughLink(request, token, signed);
    await this.sendDocument(response, exportId, 'transcript');
  }

  @Route(HTTP_API.mailedEvidenceZip)
  async mailedEvidenceZip(
    @RouteParams(HTTP_API.mailedEvidenceZip) { token }: { token: string },
    @RouteBody(HTTP_API.mailedEvidenceZip) signed: Partial<SignedLinkQuery>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const exportId = await this.readableThroughLink(request, token, signed);
    await this.sendDocument(response, exportId, 'evidenceZip');
  }

  @Route(HTTP_API.signedAudio)
  async audio(
    @RouteParams(HTTP_API.signedAudio) { token, entryPath }: { token: string; entryPath: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const query = this.queryOf(request);
    const exportId =
      query.expires === undefined && query.signature === undefined
        ? await this.boundThroughToken(request, token)
        : await this.readableThroughLink(request, token, query);
    const key = exportKeys(exportId).audio(entryPath);
    // Only this server signs links, but a path that leaves the export's folder is no file of it.
    if (!isValidKey(key)) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const name = `${entryPath.slice(entryPath.lastIndexOf('/') + 1)}.mp3`;
    await this.send(response, key, 'audio/mpeg', name, 'inline');
  }

  @Route(HTTP_API.signedExhibitFile)
  async exhibitFile(
    @RouteParams(HTTP_API.signedExhibitFile)
    { token, exhibitId, fileName }: { token: string; exhibitId: string; fileName: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const exportId = await this.readableThroughLink(request, token, this.queryOf(request));
    await this.sendLinked(response, exportId, { kind: 'exhibitFile', exhibitId, fileName });
  }

  private async sendLinked(response: Response, exportId: string, document: LinkedDocument): Promise<void> {
    if (document.kind !== 'exhibitFile') return this.sendDocument(response, exportId, document.kind);
    const type = exhibitFileType(document.fileName);
    if (type === undefined) throw new NotFoundException(NOT_FOUND_MESSAGE);
    await this.send(
      response,
      exportKeys(exportId).exhibitFile(document.exhibitId, document.fileName),
      type,
      // Its plain name, never the chat's: a redacted name or number may stand in the chat's name.
      document.fileName,
      type === 'application/pdf' ? 'inline' : 'attachment',
    );
  }

  private async sendSignedDocument(
    request: Request,
    response: Response,
    token: string,
    document: DownloadDocument,
  ): Promise<void> {
    const { expires, signature } = request.query;
    // A mailed link: its signature is in the fragment, which only the browser's page can read.
    if (
      expires === undefined &&
      signature === undefined &&
      request.accepts(['application/json', 'text/html']) === 'text/html'
    ) {
      linkOpenerPolicy(request, response, () => undefined);
      response.type('html').send(linkOpenerPage());
      return;
    }
    const exportId = await this.readableThroughLink(request, token, this.queryOf(request));
    await this.sendDocument(response, exportId, document);
  }

  private async sendDocument(
    response: Response,
    exportId: string,
    document: DownloadDocument,
  ): Promise<void> {
    const { type, disposition } = DOCUMENTS[document];
    const name = downloadFileName(document, exportId, await this.results.uploadFileName(exportId));
    return this.send(response, exportKeys(exportId)[document], type, name, disposition);
  }

  /** An export id bound to this browser (404 otherwise), or the button's download code, redeemed. */
  private async exportOfIdOrCode(request: Request, id: string): Promise<string> {
    if (ExportIdSchema.safeParse(id).success) {
      this.binding.assertBound(request, id);
      return id;
    }
    const { exportId, document } = await this.redeem(request, id);
    if (document.kind !== 'evidenceZip') throw new ForbiddenException(DOWNLOAD_CODE_REFUSED);
    return exportId;
  }

  /**
   * What a download code names, used up: only in a browser whose cookie binds its export (so
   * nothing after Forget this device), while the export may be read (410 once it is gone), once.
   */
  private async redeem(
    request: Request,
    code: string,
  ): Promise<{ exportId: string; document: LinkedDocument }> {
    const named = this.codes.read(code);
    if (!named || !this.binding.isBound(request, named.exportId))
      throw new ForbiddenException(DOWNLOAD_CODE_REFUSED);
    await this.results.assertReadable(named.exportId);
    if (!(await this.codes.use(code))) throw new ForbiddenException(DOWNLOAD_CODE_REFUSED);
    return named;
  }

  /** A voice note's link as the web app has it, no query: the export its token names, bound to this browser. */
  private async boundThroughToken(request: Request, token: string): Promise<string> {
    const exportId = this.results.links.unseal(token);
    if (exportId === null) throw new ForbiddenException(INVALID_LINK_MESSAGE);
    if (!this.binding.isBound(request, exportId)) throw new ForbiddenException(DOWNLOAD_CODE_REFUSED);
    await this.results.assertReadable(exportId);
    return exportId;
  }

  /**
   * The export a signed link's token names, once the link holds and the token unseals (403
   * otherwise) and the export may still be read: a link outlives a refund, which locks the export
   * again (404), and its retention (410).
   */
  private async readableThroughLink(
    request: Request,
    token: string,
    signed: Partial<SignedLinkQuery>,
  ): Promise<string> {
    this.verifyLink(request, signed);
    const exportId = this.results.links.unseal(token);
    if (exportId === null) throw new ForbiddenException(INVALID_LINK_MESSAGE);
    await this.results.assertReadable(exportId);
    return exportId;
  }

  /** A signed link's expiry and signature, from its query. */
  private queryOf(request: Request): Partial<SignedLinkQuery> {
    const { expires, signature } = request.query;
    return {
      expires: typeof expires === 'string' ? expires : undefined,
      signature: typeof signature === 'string' ? signature : undefined,
    };
  }

  /** A link that was altered or is past its date: 403. */
  private verifyLink(request: Request, { expires, signature }: Partial<SignedLinkQuery>): void {
    const pathname = request.originalUrl.split('?')[0]!;
    const verdict = this.results.links.verify(pathname, expires, signature);
    if (verdict === 'expired') throw new ForbiddenException('This download link has expired.');
    if (verdict === 'tampered') throw new ForbiddenException(INVALID_LINK_MESSAGE);
  }

  /** Streams a stored file of a readable export; one that is not there is 404. */
  private async send(
    response: Response,
    key: string,
    contentType: string,
    fileName: string,
    disposition: 'inline' | 'attachment' = 'attachment',
  ): Promise<void> {
    const size = await this.storage.size(key);
    if (size === null) throw new NotFoundException(NOT_FOUND_MESSAGE);
    let body;
    try {
      body = await this.storage.get(key);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw new NotFoundException(NOT_FOUND_MESSAGE);
      throw error;
    }
    response.set({
      'Content-Type': contentType,
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(disposition, fileName),
      'Cache-Control': 'private, no-store',
    });
    body.pipe(response);
    response.on('close', () => body.destroy());
  }
}
