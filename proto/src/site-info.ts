import { z } from 'zod';

/** GET /api/site: what the web app shows that the deployment configures. */
export const SiteInfoSchema = z.object({
  /** The support inbox (SUPPORT_EMAIL): the one contact-form messages go to and buyers' mails name. */
  supportEmail: z.email().nullable(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
