import { BLOG_POSTS } from './blog';
import { VERIFY_PATH } from './evidence-package';

/**
 * SPEC §2's pages, /verify, and the export help, privacy policy and terms: where the web app has
 * a page besides the blog's posts.
 */
export const PAGE_PATHS = {
  home: '/',
  faq: '/faq',
  pricing: '/pricing',
  blog: '/blog',
  contact: '/contact',
  verify: VERIFY_PATH,
  help: '/help',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export const blogPostPath = (slug: string): string => `${PAGE_PATHS.blog}/${slug}`;

const PAGES = new Set<string>([
  ...Object.values(PAGE_PATHS),
  ...BLOG_POSTS.map((post) => blogPostPath(post.slug)),
]);

/**
 * Whether the web app has a page at `pathname`; as for its router, letter case and a trailing
 * slash make no difference. Any other path shows its 404 page, which the gateway sends with 404.
 */
export function isPagePath(pathname: string): boolean {
  const withoutTrailingSlash = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.has(withoutTrailingSlash.toLowerCase());
}
