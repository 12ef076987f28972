import {
  FREE_EXPORT_RETENTION_DAYS,
  FREE_TIER_LIMITS,
  RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { PAGE_PATHS } from '@chatexhibit/proto/site';
import { ArrowDown, Fingerprint, Lock, ShieldCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';

const MiB = 1024 * 1024;

/** SPEC's three badges, each with what it stands for: no badge claims more than the product does. */
const TRUST_BADGES = [
  {
    label: 'Legal Standards Compliant',
    icon: ShieldCheck,
    meaning:
      'Packaged for self-authentication under Federal Rule of Evidence 902(14): every original file listed with its SHA-256 hash, and a certification template. Admission is for the court.',
  },
  {
    label: 'Secure Processing',
    icon: Lock,
    meaning: `No account; secret download links; your files are deleted ${FREE_EXPORT_RETENTION_DAYS} days after upload (${UNPAID_EXPORT_RETENTION_DAYS} days while an export awaits purchase, ${RETENTION_DAYS} days after purchase), or at once when you delete the export.`,
  },
  {
    label: 'Evidence Authentication',
    icon: Fingerprint,
    meaning: (
      <>
        Anyone can check that a file is unchanged: its SHA-256 hash value, with sha256sum or on our{' '}
        <TextLink to={PAGE_PATHS.verify}>verification page</TextLink>.
      </>
    ),
  },
] as const;

export function Hero() {
  return (
    <section className="border-b border-border bg-gradient-to-b from-primary-soft to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-24">
        <h1 className="text-4xl font-bold tracking-tight text-primary sm:text-5xl">ChatExhibit</h1>
        <p className="mt-3 text-xl font-medium text-foreground sm:text-2xl">
          WhatsApp chats turned into court-ready evidence
        </p>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
          Upload your WhatsApp chat export and receive a PDF transcript with timestamps, highlighted senders
          and playable voice notes, plus an evidence package with the original files and a SHA-256 hash
          manifest.
        </p>
        <Button asChild size="lg" className="mt-8">
          <a href="#convert">
            Convert your chat
            <ArrowDown aria-hidden="true" />
          </a>
        </Button>
        <ul className="mt-8 grid gap-4 text-left sm:grid-cols-3" aria-label="Trust badges">
          {TRUST_BADGES.map(({ label, icon: Icon, meaning }) => (
            <li key={label} className="grid content-start justify-items-center gap-2 text-center">
              <Badge>
                <Icon aria-hidden="true" />
                {label}
              </Badge>
              <p className="text-sm text-muted-foreground" data-testid="badge-meaning">
                {meaning}
              </p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-xl rounded-lg border border-border bg-background px-4 py-3 text-sm text-muted-foreground">
          {/* A free tier, not a trial: such exports stay free, with no time limit. */}
          <span className="font-semibold text-foreground">Free tier:</span> exports with up to{' '}
          {FREE_TIER_LIMITS.maxMessages} messages and {FREE_TIER_LIMITS.maxMediaBytes / MiB}MB of media are
          free. No account needed.
        </p>
      </div>
    </section>
  );
}
