import { BLOG_POSTS, type BlogPost } from '@chatexhibit/proto/blog';
import { enGB } from 'date-fns/locale/en-GB';
import { format, parseISO } from 'date-fns';

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/** The en-GB long date, e.g. '28 May 2025'. */
export function formatPostDate(isoDate: string): string {
  return format(parseISO(isoDate), 'PPP', { locale: enGB });
}
