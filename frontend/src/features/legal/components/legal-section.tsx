import type { ReactNode } from 'react';

/** One numbered part of the privacy policy or the terms. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid gap-3 text-muted-foreground [&_li]:ml-5 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2">
        {children}
      </div>
    </section>
  );
}
