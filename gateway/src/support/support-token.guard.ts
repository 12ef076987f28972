import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { PAYMENT_ERRORS } from '@chatexhibit/proto/payment';
import { RateLimitStore } from '@chatexhibit/kit/rate-limit/rate-limit-store';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { clientAddress } from '../http/client-address';

const HOUR_MS = 60 * 60 * 1000;

export const WRONG_SUPPORT_TOKEN = PAYMENT_ERRORS.SUPPORT_TOKEN_WRONG.message;
export const TOO_MANY_WRONG_SUPPORT_TOKENS =
  'Too many wrong support tokens from this address. Please wait an hour and try again.';

/** The token of an `Authorization: Bearer <token>` header; anything else presents none. */
const bearerToken = (header: string | undefined): string | null =>
  /^Bearer +(\S+)$/i.exec(header ?? '')?.[1] ?? null;

/**
 * Support's routes answer only `Authorization: Bearer <SUPPORT_TOKEN>`; without a configured
 * token they do not exist (404). Wrong tokens are counted per client address in the rate-limit
 * store every replica shares: after the limit's last wrong token every request from the address
 * is refused for an hour, the right token included, so that guessing stops there.
 */
@Injectable()
export class SupportTokenGuard implements CanActivate {
  constructor(
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const token = this.settings.supportToken;
    if (!token) throw new NotFoundException(PAYMENT_ERRORS.SUPPORT_DISABLED.message);
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const failures = createHash('sha256')
      .update(`support-token-failures:${clientAddress(request)}`)
      .digest('hex');
    const blocked = await this.rateLimits.blockedFor(failures);
    if (blocked > 0) this.refuse(http.getResponse<Response>(), blocked);
    const presented = Buffer.from(bearerToken(request.headers.authorization) ?? '');
    const expected = Buffer.from(token);
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) return true;
    // The store blocks on the hit past its limit: so the last allowed wrong token blocks.
    await this.rateLimits.increment(failures, HOUR_MS, HTTP_LIMITS.supportTokenFailuresPerHour - 1, HOUR_MS);
    throw new UnauthorizedException(WRONG_SUPPORT_TOKEN);
  }

  private refuse(response: Response, retryAfterSeconds: number): never {
    response.setHeader('Retry-After', String(retryAfterSeconds));
    throw new HttpException({ message: TOO_MANY_WRONG_SUPPORT_TOKENS }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
