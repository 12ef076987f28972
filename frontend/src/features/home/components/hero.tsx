import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import { Fingerprint, Lock, ShieldCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

const MiB = 1024 * 1024;

const TRUST_BADGES = [
  { label: 'Legal Standards Compliant', icon: ShieldCheck },
  { label: 'Secure Processing', icon: Lock },
  { label: 'Evidence Authentication', icon: Fingerprint },
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
        <ul className="mt-8 flex flex-wrap justify-center gap-3" aria-label="Trust badges">
          {TRUST_BADGES.map(({ label, icon: Icon }) => (
            <li key={label}>
              <Badge>
                <Icon aria-hidden="true" />
                {label}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-xl rounded-lg border border-border bg-background px-4 py-3 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">Free trial:</span> exports with up to{' '}
          {FREE_TIER_LIMITS.maxMessages} messages and {FREE_TIER_LIMITS.maxMediaBytes / MiB}MB of media are
          free. No account needed.
        </p>
      </div>
    </section>
  );
}
