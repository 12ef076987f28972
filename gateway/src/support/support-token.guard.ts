import { timingSafeEqual } from 'node:crypto';
import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

/**
 * Support's routes answer only `Authorization: Bearer <SUPPORT_TOKEN>`; without a configured
 * token they do not exist (404).
 */
@Injectable()
export class SupportTokenGuard implements CanActivate {
  constructor(@Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.settings.supportToken;
    if (!token) throw new NotFoundException('Support is not enabled here: set SUPPORT_TOKEN.');
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const presented = Buffer.from(header.replace(/^Bearer /, ''));
    const expected = Buffer.from(token);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
      throw new UnauthorizedException('The support token is missing or wrong.');
    return true;
  }
}
