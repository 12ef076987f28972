import { z } from 'zod';

/** SPEC §3 Blog post; `date` is an ISO date (yyyy-MM-dd). */
export const BlogPostSchema = z.object({
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  date: z.iso.date(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** Every post, newest first; checked against the contract when the module loads. */
export const BLOG_POSTS: readonly BlogPost[] = BlogPostSchema.array().parse([
  {
    title: 'How to Use WhatsApp Evidence in Court (US)',
    description:
      'Admissibility, authentication under FRE 901 and 902(14), hearsay, WhatsApp export limits and hash verification: how to present WhatsApp chats as evidence in US courts.',
    slug: 'how-to-use-whatsapp-evidence',
    date: '2025-05-28',
  },
]);
