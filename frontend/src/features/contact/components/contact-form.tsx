import { type ContactMessage, ContactMessageSchema } from '@chatexhibit/proto/contact';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { CONTACT_SEND_FAILED, useSendContactMessage } from '../api/send-contact-message';

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * SPEC §2 /contact form: checked with proto's schema on submit, then again on each change;
 * SPEC §4 idle → submitting ('Sending...', disabled) → success toast and reset, or error toast.
 */
export function ContactForm() {
  const id = useId();
  const form = useForm<ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const send = useSendContactMessage({
    onSuccess: () => {
      toast({ title: 'Message Sent', description: 'Thank you for your message. We will respond shortly.' });
      form.reset(EMPTY);
    },
    onError: (error) => {
      toast({ title: 'Error', description: error.message || CONTACT_SEND_FAILED, variant: 'destructive' });
    },
  });
  const submitting = send.isPending;
  const fieldProps = (name: keyof ContactMessage) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form
      noValidate
      aria-label="Contact form"
      className="grid gap-5 rounded-xl border border-border bg-background p-8 shadow-sm"
      // The mutation's own callbacks report the outcome; the submit handler's promise has nothing to add.
      onSubmit={(event) =>
        void form.handleSubmit((values) => send.mutateAsync(values).catch(() => undefined))(event)
      }
    >
      <h2 className="text-xl font-semibold">Send Us a Message</h2>
      <Field id={`${id}-name`} label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...fieldProps('name')} />
      </Field>
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldProps('email')} />
      </Field>
      <Field id={`${id}-subject`} label="Subject" error={errors.subject?.message}>
        <Input {...fieldProps('subject')} />
      </Field>
      <Field id={`${id}-message`} label="Message" error={errors.message?.message}>
        <Textarea rows={6} {...fieldProps('message')} />
      </Field>
      <Button type="submit" size="lg" disabled={submitting} className="justify-self-start">
        {submitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Sending...
          </>
        ) : (
          'Send Message'
        )}
      </Button>
    </form>
  );
}
