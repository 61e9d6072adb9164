import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_POLICY } from '@argus/contracts/constants';
import { FirstRunRequest } from '@argus/contracts/http/first-run';
import { describeError, issueFor } from '../../lib/api-error';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../auth/auth-context';
import { TWO_FACTOR_PATH } from '../mfa/two-factor-anchor';
import { firstRunApi, firstRunQueries } from './first-run.queries';

type Field = 'setupCode' | 'email' | 'full_name' | 'password';
const FIELDS: Field[] = ['setupCode', 'email', 'full_name', 'password'];
const EMPTY: Record<Field, string> = { setupCode: '', email: '', full_name: '', password: '' };
const POLICY_HINT = `At least ${PASSWORD_POLICY.minLength} characters and hard to guess: the server checks its strength.`;
/** Where the new administrator sets up the second factor administrators need. */

/**
 * Setup code, name, email and password of the first administrator (docs/decisions/0045-first-run-setup-code.md).
 * Once created, the administrator is signed in and taken to Settings to set up two-factor
 * authentication, as administrators must.
 */
export function FirstRunForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const parsed = FirstRunRequest.safeParse(values);
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrors(parsed.error, FIELDS);
    if (!next.password && values.password.length < PASSWORD_POLICY.minLength)
      next.password = `The password must be at least ${PASSWORD_POLICY.minLength} characters.`;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) return;
    setSubmitting(true);
    try {
      await firstRunApi.create(parsed.data);
    } catch (error) {
      setServerError(error);
      setSubmitting(false);
      // A closed setup (someone else was first) hides this form; the sign-in form stays.
      void queryClient.invalidateQueries({ queryKey: firstRunQueries.status().queryKey });
      return;
    }
    // The sign-in page sends a signed-in user on to where its navigation state says: Settings.
    await navigate('.', { replace: true, state: { from: TWO_FACTOR_PATH } });
    try {
      await signIn({ email: parsed.data.email, password: parsed.data.password });
      toast({ title: 'Administrator created', description: 'Now set up two-factor authentication: administrators need it.' });
    } catch (error) {
      setServerError(error);
      setSubmitting(false);
    }
    queryClient.setQueryData(firstRunQueries.status().queryKey, { open: false });
  };

  const generalError = serverError && !FIELDS.some((field) => issueFor(serverError, field)) ? describeError(serverError) : undefined;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <TextField
        label="Setup code"
        name="setup-code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        hint="Four groups of four letters and digits, as printed."
        value={values.setupCode}
        onChange={set('setupCode')}
        error={errors.setupCode ?? issueFor(serverError, 'setupCode')}
      />
      <TextField
        label="Your name"
        name="full_name"
        autoComplete="name"
        value={values.full_name}
        onChange={set('full_name')}
        error={errors.full_name ?? issueFor(serverError, 'full_name')}
      />
      <TextField
        label="Email address"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={set('email')}
        error={errors.email ?? issueFor(serverError, 'email')}
      />
      <TextField
        label="Choose a password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        hint={POLICY_HINT}
        value={values.password}
        onChange={set('password')}
        error={errors.password ?? issueFor(serverError, 'password')}
      />
      {generalError ? <FormMessage tone="error">{generalError}</FormMessage> : null}
      <Button type="submit" disabled={submitting} className="w-full">
        <KeyRound aria-hidden="true" className="size-5" />
        {submitting ? 'Creating the administrator...' : 'Create administrator'}
      </Button>
    </form>
  );
}
