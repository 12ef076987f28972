import { Download, Settings, Upload } from 'lucide-react';

const STEPS = [
  {
    title: 'Upload',
    icon: Upload,
    text: 'Export the chat from WhatsApp on iOS or Android with media and upload the ZIP it creates.',
  },
  {
    title: 'Process',
    icon: Settings,
    text: 'Messages are numbered and timestamped, voice notes converted, and every original file hashed with SHA-256.',
  },
  {
    title: 'Download',
    icon: Download,
    text: 'Get the PDF transcript and the evidence package with the originals, the hash manifest and a declaration template.',
  },
] as const;

export function Explainer() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="how-it-works" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ title, icon: Icon, text }, index) => (
          <li key={title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
            </div>
            <p className="mt-4 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
