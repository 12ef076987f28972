import { ExhibitSpecSchema, type ExhibitSpecInput, MIN_FILE_BYTES } from '@chatexhibit/proto/exhibit-spec';
import { fieldPath } from '@chatexhibit/proto/errors';
import { FileCheck2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { COURT_PROFILE_CHOICES, type ExhibitSettings, SEALED_COPY_MARK_CHOICES } from '../exhibit-draft';
import { plainRefusal, SPEC_FIELD_NAMES } from '../exhibit-refusal';

/** The form's fields by the spec's field a refusal names (the sentence names it in SPEC_FIELD_NAMES' words). */
const FIELDS: Record<string, keyof ExhibitSettings> = {
  label: 'label',
  context: 'context',
  batesPrefix: 'batesPrefix',
  batesStart: 'batesStart',
  courtProfile: 'customMegabytes',
};

const selectClass =
  'flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm shadow-sm';

/**
 * The exhibit's label, context, Bates numbering and court profile, and 'Make exhibit'. The spec is
 * checked with proto's schema first: a field's problem is shown at the field, any other (no
 * message selected) and the server's refusal as one sentence beside the button, focused.
 */
export function ExhibitSettingsForm({
  initial,
  onChange,
  specFor,
  totalMessages,
  refusal,
  making,
  onMake,
}: {
  /** The fields as a saved draft had them. */
  initial: ExhibitSettings;
  /** The fields as typed, on every change (the draft keeps them). */
  onChange(settings: ExhibitSettings): void;
  specFor(settings: ExhibitSettings): ExhibitSpecInput;
  /** The transcript's message count, which pads the numbers a refusal names. */
  totalMessages: number;
  /** The server's refusal of a spec, as a plain sentence (`plainRefusal`). */
  refusal: string | null;
  making: boolean;
  onMake(spec: ExhibitSpecInput): void;
}) {
  const id = useId();
  const form = useForm<ExhibitSettings>({ defaultValues: initial });
  const { subscribe } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => onChange({ ...values }) }),
    [subscribe, onChange],
  );
  const { errors } = form.formState;
  const problem = useRef<HTMLParagraphElement>(null);
  const partProblem = errors.root?.message;
  const shown = partProblem ?? refusal;
  useEffect(() => {
    if (shown) problem.current?.focus();
  }, [shown, refusal]);
  const profile = useWatch({ control: form.control, name: 'courtProfile' });

  const submit = (settings: ExhibitSettings) => {
    const spec = specFor(settings);
    const parsed = ExhibitSpecSchema.safeParse(spec);
    if (parsed.success) {
      onMake(spec);
      return;
    }
    const [first] = parsed.error.issues;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = FIELDS[key];
      if (field)
        form.setError(
          field,
          { message: `${SPEC_FIELD_NAMES[key]!}: ${issue.message}` },
          { shouldFocus: issue === first },
        );
      else
        form.setError('root', {
          message: plainRefusal(`${fieldPath(issue.path)}: ${issue.message}`, spec, totalMessages),
        });
    }
  };

  const errorOf = (field: keyof ExhibitSettings) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm font-medium text-destructive">
        {errors[field].message}
      </p>
    ) : null;
  const described = (field: keyof ExhibitSettings) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <form
      className="grid gap-4"
      noValidate
      aria-label="The exhibit"
      onSubmit={(event) => {
        form.clearErrors();
        void form.handleSubmit(submit)(event);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-label`}>Exhibit label</Label>
        <Input
          id={`${id}-label`}
          placeholder="Exhibit P-7"
          maxLength={40}
          {...described('label')}
          {...form.register('label')}
        />
        {errorOf('label')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-context`}>Context messages before and after each selection (0–50)</Label>
        <Input
          id={`${id}-context`}
          type="number"
          min={0}
          max={50}
          inputMode="numeric"
          {...described('context')}
          {...form.register('context')}
        />
        {errorOf('context')}
      </div>
      <div className="grid min-w-0 grid-cols-[3fr_2fr] gap-x-3 gap-y-2">
        <Label htmlFor={`${id}-bates`}>Bates prefix (optional)</Label>
        <Label htmlFor={`${id}-bates-start`}>First Bates number</Label>
        <Input
          id={`${id}-bates`}
          placeholder="e.g. SMITH"
          maxLength={20}
          {...described('batesPrefix')}
          {...form.register('batesPrefix')}
        />
        <Input
          id={`${id}-bates-start`}
          inputMode="numeric"
          placeholder="1"
          {...described('batesStart')}
          {...form.register('batesStart')}
        />
        <div className="col-span-2">
          {errorOf('batesPrefix')}
          {errorOf('batesStart')}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-profile`}>Court’s file-size limit</Label>
        <select
          id={`${id}-profile`}
          className={selectClass}
          // A restored draft's choice is selected from the first render.
          defaultValue={initial.courtProfile}
          {...form.register('courtProfile')}
        >
          {COURT_PROFILE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <p className="text-sm text-muted-foreground">
          A document over the limit is split into volumes that each stay under it.
        </p>
      </div>
      {profile === 'custom' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-custom`}>Custom limit in MB (at least {MIN_FILE_BYTES / 1_000_000})</Label>
          <Input
            id={`${id}-custom`}
            inputMode="decimal"
            placeholder="10"
            {...described('customMegabytes')}
            {...form.register('customMegabytes')}
          />
          {errorOf('customMegabytes')}
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-sealed-mark`}>Unredacted copy, when the exhibit redacts</Label>
        <select
          id={`${id}-sealed-mark`}
          className={selectClass}
          defaultValue={initial.sealedCopyMark}
          {...form.register('sealedCopyMark')}
        >
          {SEALED_COPY_MARK_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <p className="text-sm text-muted-foreground">
          Every page of the unredacted copy says “UNREDACTED — NOT FOR PUBLIC FILING”, or, when you choose how
          it is submitted, “UNREDACTED — FILED UNDER SEAL” or “UNREDACTED — LODGED CONDITIONALLY UNDER SEAL”.
        </p>
      </div>
      <div className="grid gap-2">
        <Button type="submit" disabled={making} className="justify-self-start">
          <FileCheck2 aria-hidden="true" />
          {making ? 'Making the exhibit…' : 'Make exhibit'}
        </Button>
        {shown && (
          <p ref={problem} tabIndex={-1} role="alert" className="text-sm font-medium text-destructive">
            {shown}
          </p>
        )}
      </div>
    </form>
  );
}
