import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { ExportGuide } from '../export-steps';

/** One phone's export steps, numbered, with what the phone hands over. */
export function ExportGuideCard({ guide }: { guide: ExportGuide }) {
  return (
    <Card id={guide.id}>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{guide.heading}</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5">
          {guide.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">{guide.result}</p>
      </CardContent>
    </Card>
  );
}
