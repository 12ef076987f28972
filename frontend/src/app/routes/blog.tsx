import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { PostCard } from '../../features/blog/components/post-card';
import { BLOG_POSTS } from '@chatexhibit/proto/blog';
import { usePageMeta } from '../../hooks/use-page-meta';

export function BlogRoute() {
  usePageMeta('Blog — ChatExhibit', 'Guides on using WhatsApp chats as evidence in court.');
  return (
    <PageContainer>
      <PageIntro title="Blog">Guides on using chat messages as evidence.</PageIntro>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        {BLOG_POSTS.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </div>
    </PageContainer>
  );
}
