import { BUNDLE_PRICE, FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import { PaymentIntentRequestSchema } from '@chatexhibit/proto/payment';
import { Check, CreditCard, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../hooks/use-toast';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { rememberCheckout, rememberedCheckoutEmail } from '../checkout-storage';
import { CONVERTER_TEXTS } from '../converter-texts';
import { formatSize } from '../../../lib/format-size';
import type { PaymentNeed } from '../hooks/use-processing';
import { useChatPreview } from '../api/chat-preview';
import { formatInteger } from '@chatexhibit/proto/count-words';
import { entriesText, FREE_TIER_COUNTS } from '../counts-text';

const WHAT_YOU_GET = [
  'Court-ready PDF transcript with timestamps and highlighted senders',
  'Playable voice notes embedded in the PDF',
  'PDF/A copy for court filing',
  'Evidence package: original files, SHA-256 manifest and Rule 902(14) declaration template',
  'Download link by email, valid 90 days',
] as const;

/**
 * SPEC §2 payment screens: 'Payment Required' (the counts against the free tier, the email, what
 * the bundle holds, 'Continue to Payment ($4.99)'), then 'Complete Your Purchase' ('Cancel',
 * 'Proceed to Checkout'), which keeps the checkout in local storage and sends the browser to
 * the checkout page (SPEC §4 Payment).
 */
export function PaymentCard({ payment }: { payment: PaymentNeed }) {
  const id = useId();
  const [email, setEmail] = useState(rememberedCheckoutEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const checkout = useCreatePaymentIntent();
  const preview = useChatPreview(payment.exportId ?? null).data;

  const cont = () => {
    const checked = PaymentIntentRequestSchema.shape.userEmail.safeParse(email.trim());
    if (!checked.success) {
      setEmailError(checked.error.issues[0]?.message ?? CONVERTER_TEXTS.emailInvalid);
      // The field with its error in view, below the sticky header (scroll-padding-top).
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setConfirming(true);
  };

  const proceed = () => {
    if (!payment.bundleId) {
      toast({ ...CONVERTER_TEXTS.noBundle, variant: 'destructive' });
      return;
    }
    const request = { bundleId: payment.bundleId, userEmail: email.trim() };
    checkout.mutate(request, {
      onSuccess: ({ checkoutUrl }) => {
        if (!checkoutUrl) {
          toast({ ...CONVERTER_TEXTS.paymentError, variant: 'destructive' });
          return;
        }
        rememberCheckout({ bundleId: request.bundleId, email: request.userEmail }, payment);
        window.location.assign(checkoutUrl);
      },
      onError: () => toast({ ...CONVERTER_TEXTS.paymentError, variant: 'destructive' }),
    });
  };

  if (confirming)
    return (
      <Card>
        <CardHeader>
          <CardTitle>Complete Your Purchase</CardTitle>
          <CardDescription>
            You will pay {BUNDLE_PRICE.label} on our payment provider’s secure checkout page. The download
            link goes to <strong>{email.trim()}</strong>.
          </CardDescription>
        </CardHeader>
        <CardFooter className="gap-3">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={checkout.isPending}>
            Cancel
          </Button>
          <Button onClick={proceed} disabled={checkout.isPending}>
            {checkout.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CreditCard aria-hidden="true" />
            )}
            Proceed to Checkout
          </Button>
        </CardFooter>
      </Card>
    );

  return (
    <Card className="border-primary">
      <CardHeader>
        <CardTitle>Payment Required</CardTitle>
        <CardDescription>This export is larger than the free tier.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Messages</dt>
            <dd className="font-semibold" data-testid="message-count">
              {formatInteger(payment.messageCount)} / {formatInteger(FREE_TIER_LIMITS.maxMessages)} free
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-muted-foreground">Media size</dt>
            <dd className="font-semibold" data-testid="media-size">
              {formatSize(payment.mediaSizeBytes)} / {formatSize(FREE_TIER_LIMITS.maxMediaBytes)} free
            </dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground" data-testid="counts-explained">
          {preview
            ? `${entriesText(preview)}. ${FREE_TIER_COUNTS}; the transcript numbers all ${formatInteger(preview.entries)} entries.`
            : `${FREE_TIER_COUNTS}; the transcript numbers every entry.`}
        </p>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email for your download link</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={emailError !== null}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
            }}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="text-sm font-medium text-destructive">
              {emailError}
            </p>
          )}
        </div>
        <div>
          <p className="mb-2 text-sm font-semibold">What you get</p>
          <ul className="grid gap-1.5 text-sm">
            {WHAT_YOU_GET.map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <Button size="lg" onClick={cont}>
          Continue to Payment ({BUNDLE_PRICE.label})
        </Button>
      </CardContent>
    </Card>
  );
}
