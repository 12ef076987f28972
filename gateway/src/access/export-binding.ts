import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import {
  DOWNLOAD_LINK_VALIDITY_DAYS,
  EXPORT_BINDING_COOKIE,
  MAX_BOUND_EXPORTS,
} from '@chatexhibit/proto/constants';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import { Sealer, uuidBytes, uuidOf } from '@chatexhibit/kit/links/sealer';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

const ID_BYTES = 16;
/** A day past a purchase's 90 days: the cookie is set again at upload and at checkout. */
const COOKIE_MAX_AGE_MS = (DOWNLOAD_LINK_VALIDITY_DAYS + 1) * 24 * 60 * 60 * 1000;

/**
 * Binds export ids to the browser that uploaded them. The ids travel in SPEC's paths and queries,
 * which proxies log; a logged id must open nothing by itself. So every route that takes an id
 * also wants this HttpOnly cookie, set at upload (and again at checkout): the ids the browser
 * holds, sealed (AES-256-GCM, its own key from LINK_SIGNING_SECRET), so nothing stored on a server
 * and every replica can read it. An id without it gets the answer of an unknown id.
 */
@Injectable()
export class ExportBinding {
  private readonly sealer: Sealer;

  constructor(@Inject(GATEWAY_SETTINGS) settings: Pick<GatewaySettings, 'linkSigningSecret'>) {
    this.sealer = new Sealer(settings.linkSigningSecret, 'chatexhibit export binding cookie');
  }

  /** The export ids this request's cookie binds, newest first. */
  boundIds(request: Request): string[] {
    const value = parse(request.headers.cookie ?? '')[EXPORT_BINDING_COOKIE];
    const bytes = value === undefined ? null : this.sealer.open(value);
    if (!bytes || bytes.length % ID_BYTES !== 0) return [];
    const ids: string[] = [];
    for (let at = 0; at < bytes.length; at += ID_BYTES) ids.push(uuidOf(bytes.subarray(at, at + ID_BYTES)));
    return ids;
  }

  isBound(request: Request, exportId: string): boolean {
    return this.boundIds(request).includes(exportId.toLowerCase());
  }

  /** 404 with an unknown export's sentence unless the request's cookie binds `exportId`. */
  assertBound(request: Request, exportId: string): void {
    if (!this.isBound(request, exportId)) throw new NotFoundException(NOT_FOUND_MESSAGE);
  }

  /** Adds `exportId` to the browser's cookie (set anew, so its age starts again). */
  bind(request: Request, response: Response, exportId: string): void {
    const id = exportId.toLowerCase();
    const ids = [id, ...this.boundIds(request).filter((bound) => bound !== id)];
    this.set(request, response, ids.slice(0, MAX_BOUND_EXPORTS));
  }

  /** Forgets every binding of this browser: the cookie expires at once. */
  clear(request: Request, response: Response): void {
    response.clearCookie(EXPORT_BINDING_COOKIE, this.attributes(request));
  }

  private set(request: Request, response: Response, ids: string[]): void {
    const value = this.sealer.seal(Buffer.concat(ids.map(uuidBytes)));
    response.cookie(EXPORT_BINDING_COOKIE, value, { ...this.attributes(request), maxAge: COOKIE_MAX_AGE_MS });
  }

  /** Secure when the request came over TLS (`req.secure` believes X-Forwarded-Proto from TRUST_PROXY only). */
  private attributes(request: Request) {
    return { httpOnly: true, secure: request.secure, sameSite: 'lax', path: '/api' } as const;
  }
}
