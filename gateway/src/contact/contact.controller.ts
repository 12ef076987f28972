import { Controller, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { ContactMessage, ContactReceivedResponse } from '@chatexhibit/proto/contact';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { Route, RouteForm } from '../http/http-route';
import { ContactThrottlerGuard } from './contact-throttler.guard';
import { SubmitContactMessageService } from './submit-contact-message.service';

const route = HTTP_API.contact;

/** POST /api/contact (SPEC §7): a JSON contact message → 202 `{ received: true }`. */
@Controller()
export class ContactController {
  constructor(private readonly submitContactMessage: SubmitContactMessageService) {}

  @Route(route)
  @UseGuards(ContactThrottlerGuard)
  @SkipThrottle({ uploads: true, payments: true, exhibits: true })
  submit(@RouteForm(route) message: ContactMessage): Promise<ContactReceivedResponse> {
    return this.submitContactMessage.submit(message);
  }
}
