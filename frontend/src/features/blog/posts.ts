import { type BlogPost, BlogPostSchema } from '@chatexhibit/proto/blog';
import { enGB } from 'date-fns/locale/en-GB';
import { format, parseISO } from 'date-fns';

/** Every post, newest first; checked against the shared contract when the module loads. */
export const BLOG_POSTS: readonly BlogPost[] = BlogPostSchema.array().parse([
  {
    title: 'How to Use WhatsApp Evidence in Court (US)',
    description:
      'Admissibility, authentication under FRE 901 and 902(14), hearsay, WhatsApp export limits and hash verification: how to present WhatsApp chats as evidence in US courts.',
    slug: 'how-to-use-whatsapp-evidence',
    date: '2025-05-28',
  },
]);

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/** The en-GB long date, e.g. '28 May 2025'. */
export function formatPostDate(isoDate: string): string {
  return format(parseISO(isoDate), 'PPP', { locale: enGB });
}
