import { z } from 'zod';

/** SPEC §3 Blog post; `date` is an ISO date (yyyy-MM-dd). */
export const BlogPostSchema = z.object({
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  date: z.iso.date(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;
