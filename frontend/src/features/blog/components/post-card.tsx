import type { BlogPost } from '@chatexhibit/proto/blog';
import { ArrowRight, Calendar } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { formatPostDate } from '../posts';

export function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card className="transition-shadow hover:shadow-md">
      <Link to={`/blog/${post.slug}`} className="block">
        <CardHeader>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Calendar className="size-4" aria-hidden="true" />
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </p>
          <h2 className="text-xl font-semibold leading-tight">{post.title}</h2>
          <CardDescription className="text-base">{post.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
            Read article <ArrowRight className="size-4" aria-hidden="true" />
          </span>
        </CardContent>
      </Link>
    </Card>
  );
}
