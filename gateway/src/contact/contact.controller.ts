import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ContactMessageSchema, type ContactReceivedResponse } from '@chatexhibit/proto/contact';
import { parseForm } from '../http/parse-request';
import { ContactThrottlerGuard } from './contact-throttler.guard';
import { SubmitContactMessageService } from './submit-contact-message.service';

/** POST /api/contact (SPEC §7): a JSON contact message → 202 `{ received: true }`. */
@Controller('api')
export class ContactController {
  constructor(private readonly submitContactMessage: SubmitContactMessageService) {}

  @Post('contact')
  @HttpCode(HttpStatus.ACCEPTED)
  @UseGuards(ContactThrottlerGuard)
  @SkipThrottle({ uploads: true, payments: true })
  submit(@Body() body: unknown): Promise<ContactReceivedResponse> {
    return this.submitContactMessage.submit(parseForm(ContactMessageSchema, body));
  }
}
