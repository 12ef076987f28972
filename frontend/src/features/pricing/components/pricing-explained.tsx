import {
  BUNDLE_PRICE,
  FREE_TIER_LIMITS,
  REFUND_WINDOW_DAYS,
  FREE_EXPORT_RETENTION_DAYS,
  RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { Lock, Ruler, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';

const MiB = 1024 * 1024;
const refundDays = REFUND_WINDOW_DAYS === 7 ? 'seven' : String(REFUND_WINDOW_DAYS);

const HOW_IT_WORKS = [
  {
    title: 'Upload First, Pay Later',
    icon: Upload,
    text: 'Upload and process your export before paying anything. Payment is only requested after processing, and only when the export is over the free limits.',
  },
  {
    title: 'Transparent Size Detection',
    icon: Ruler,
    text: `We count the messages and measure the media. Up to ${FREE_TIER_LIMITS.maxMessages} messages and ${FREE_TIER_LIMITS.maxMediaBytes / MiB} MB of media is free; above that you see the counts before you pay.`,
  },
  {
    title: 'Secure Processing',
    icon: Lock,
    text: `Your files are processed on our servers and deleted automatically: ${RETENTION_DAYS} days after purchase, ${UNPAID_EXPORT_RETENTION_DAYS} days after upload when an export over the free tier is not bought, ${FREE_EXPORT_RETENTION_DAYS} days after upload when it is free. Payment happens on Stripe's hosted checkout; card details never reach us.`,
  },
] as const;

const QUESTIONS = [
  {
    question: 'Are there any recurring fees?',
    answer: `No. There is no subscription: the Standard Export is a one-time payment of ${BUNDLE_PRICE.label} per export.`,
  },
  {
    question: 'When am I charged?',
    answer:
      'Only after your export has been processed, and only if it exceeds the free tier. You confirm the payment on the checkout page before anything is charged.',
  },
  {
    question: 'What if something goes wrong?',
    answer: `If the PDF or the evidence ZIP fails or is incomplete, we refund the charge. Email us within ${refundDays} days of your purchase to request a refund.`,
  },
] as const;

export function PricingExplained() {
  return (
    <>
      <section aria-labelledby="how-pricing-works" className="mx-auto mt-20 max-w-5xl">
        <h2 id="how-pricing-works" className="text-center text-2xl font-semibold tracking-tight">
          How Our Pricing Works
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map(({ title, icon: Icon, text }) => (
            <div key={title} className="rounded-xl bg-muted p-6">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="pricing-questions" className="mx-auto mt-20 max-w-3xl">
        <h2 id="pricing-questions" className="text-center text-2xl font-semibold tracking-tight">
          Pricing Questions
        </h2>
        <dl className="mt-8 flex flex-col divide-y divide-border rounded-xl border border-border">
          {QUESTIONS.map(({ question, answer }) => (
            <div key={question} className="p-6">
              <dt className="font-semibold">{question}</dt>
              <dd className="mt-2 text-muted-foreground">{answer}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-center text-muted-foreground">
          More questions? Read the{' '}
          <Link to="/faq" className="font-medium text-primary underline-offset-4 hover:underline">
            frequently asked questions
          </Link>
          .
        </p>
      </section>
    </>
  );
}
