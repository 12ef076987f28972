import { LinksMailRequestSchema } from '@chatexhibit/proto/links-mail';
import { Loader2, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useEmailLinks } from '../api/email-links';
import { CONVERTER_TEXTS } from '../converter-texts';
import { utcDay } from '../utc-day';
import type { LinksReceipt } from '../hooks/use-processing';

/** The address field's id: 'Convert another export' can bring it to hand first. */
export const EMAIL_LINKS_FIELD_ID = 'email-links-address';

const NOT_SENT = 'The links could not be emailed. Please try again in a moment.';

/**
 * A free export's links by email (a bought one's go to the buyer on payment), so they are not
 * lost with the page; the address is checked as the checkout's is.
 */
export function EmailLinksCard({
  exportId,
  filesKeptUntil,
  onMailed,
}: {
  exportId: string;
  /** When the export's files are deleted from the servers (ISO), when known. */
  filesKeptUntil?: string;
  onMailed(receipt: LinksReceipt): void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useEmailLinks({
    onSuccess: ({ emailedTo, deleteAfter }) => onMailed({ emailedTo, linksValidUntil: deleteAfter }),
    onError: () => setError(NOT_SENT),
  });
  const submit = () => {
    const checked = LinksMailRequestSchema.shape.email.safeParse(email.trim());
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? CONVERTER_TEXTS.emailInvalid);
      return;
    }
    send.mutate({ exportId, email: checked.data });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email me the links</CardTitle>
        <CardDescription>
          The links to the transcript and the evidence package, to download them later or on another device.
        </CardDescription>
        {filesKeptUntil && (
          <p className="text-sm" data-testid="files-kept-until">
            Its files stay on our servers until {utcDay(filesKeptUntil)}, then they are deleted: download them
            before then.
          </p>
        )}
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={EMAIL_LINKS_FIELD_ID}>Your email</Label>
          <div className="flex flex-wrap gap-3">
            <Input
              id={EMAIL_LINKS_FIELD_ID}
              type="email"
              autoComplete="email"
              className="min-w-0 flex-1 basis-48"
              value={email}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-email-error` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
            />
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Mail aria-hidden="true" />
              )}
              Email the links
            </Button>
          </div>
          {error && (
            <p id={`${id}-email-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
