import { z } from 'zod';
import { CONTACT_MIN_LENGTH } from './constants';

/** SPEC §3 Contact message with the SPEC §5 rules, in field order; the server enforces them too. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(CONTACT_MIN_LENGTH.name, 'Name must be at least 2 characters.'),
  email: z.email('Please enter a valid email address.'),
  subject: z.string().trim().min(CONTACT_MIN_LENGTH.subject, 'Subject must be at least 5 characters.'),
  message: z.string().trim().min(CONTACT_MIN_LENGTH.message, 'Message must be at least 10 characters.'),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
