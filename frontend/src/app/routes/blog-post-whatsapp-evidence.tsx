import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageContainer } from '../../components/layout/page-container';
import { HowToUseWhatsAppEvidence } from '../../features/blog/articles/how-to-use-whatsapp-evidence';
import { findPost, formatPostDate } from '../../features/blog/posts';
import { usePageMeta } from '../../hooks/use-page-meta';

const post = findPost('how-to-use-whatsapp-evidence')!;

export function BlogPostWhatsAppEvidenceRoute() {
  usePageMeta(`${post.title} — ChatExhibit`, post.description);
  return (
    <PageContainer className="max-w-3xl">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All articles
      </Link>
      <article className="mt-6">
        <header className="mb-8 border-b border-border pb-8">
          <time dateTime={post.date} className="text-sm text-muted-foreground">
            {formatPostDate(post.date)}
          </time>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg text-muted-foreground">{post.description}</p>
        </header>
        <HowToUseWhatsAppEvidence />
      </article>
    </PageContainer>
  );
}
