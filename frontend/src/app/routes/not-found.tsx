import { Link } from 'react-router-dom';
import { PageContainer } from '../../components/layout/page-container';
import { Button } from '../../components/ui/button';
import { usePageMeta } from '../../hooks/use-page-meta';

export function NotFoundRoute() {
  usePageMeta('404 Page Not Found — ChatExhibit', 'This page does not exist.');
  return (
    <PageContainer className="flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-8">
        <Link to="/">Back to home</Link>
      </Button>
    </PageContainer>
  );
}
