import { FAQ_ITEMS, faqJsonLd } from '../faq-items';

/** The numbered questions, with their FAQPage JSON-LD. */
export function FaqList() {
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(faqJsonLd()).replace(/</g, '\\u003c') }}
      />
      <ol className="mx-auto flex max-w-3xl flex-col gap-4" aria-label="Frequently asked questions">
        {FAQ_ITEMS.map((item, index) => (
          <li key={item.question} className="rounded-xl border border-border bg-background p-6 shadow-sm">
            <h2 className="flex gap-3 text-lg font-semibold">
              <span className="text-primary">{index + 1}.</span>
              <span>{item.question}</span>
            </h2>
            <p className="mt-3 pl-7 leading-relaxed text-muted-foreground">{item.answer}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
