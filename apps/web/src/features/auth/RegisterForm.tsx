import { useId, useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { TEXT } from '@argus/contracts/catalogue';
import { PASSWORD_POLICY } from '@argus/contracts/constants';
import { RegisterRequest, RegisterResponse } from '@argus/contracts/http/auth';
import { api } from '../../lib/api';
import { describeError, issueFor } from '../../lib/api-error';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from './auth-context';
import { registrationSignInProblem } from './registration-sign-in';

type Field = 'email' | 'full_name' | 'password';
const EMPTY = { full_name: '', email: '', password: '' };
const POLICY_HINT = `At least ${PASSWORD_POLICY.minLength} characters and hard to guess: the server checks its strength.`;

/**
 * Self-registration on the civic reporter site: creates a Civic_Reporter account, then signs in with
 * it. The server answers registration alike whether or not the address already had an account, so
 * only the sign-in after it can fail for a taken address (with another password).
 */
export function RegisterForm() {
  const { signIn } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [signInProblem, setSignInProblem] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    setSignInProblem(undefined);
    const parsed = RegisterRequest.safeParse(values);
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrors(parsed.error, ['email', 'full_name', 'password']);
    if (!next.password && values.password.length < PASSWORD_POLICY.minLength)
      next.password = `The password must be at least ${PASSWORD_POLICY.minLength} characters.`;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) return;
    setSubmitting(true);
    try {
      await api.post('/auth/register', parsed.data, RegisterResponse, { ignoreSessionEnd: true });
    } catch (error) {
      setServerError(error);
      setSubmitting(false);
      return;
    }
    try {
      const { user } = await signIn({ email: parsed.data.email, password: parsed.data.password });
      toast({ title: TEXT.login.successTitle, description: TEXT.login.welcome(user.full_name) });
    } catch (error) {
      setSignInProblem(registrationSignInProblem(error));
      setSubmitting(false);
    }
  };

  const passwordError = errors.password ?? issueFor(serverError, 'password');
  const generalError =
    serverError && !issueFor(serverError, 'password') && !issueFor(serverError, 'email') ? describeError(serverError) : undefined;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
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
        error={passwordError}
      />
      {generalError ? <FormMessage tone="error">{generalError}</FormMessage> : null}
      {signInProblem ? <FormMessage tone="error">{signInProblem}</FormMessage> : null}
      <Button type="submit" disabled={submitting} className="w-full">
        <UserPlus aria-hidden="true" className="size-5" />
        {submitting ? 'Creating your account...' : 'Create account'}
      </Button>
    </form>
  );
}

/** The civic site's way in for newcomers, below the sign-in form: closed until asked for. */
export function CivicRegistration() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto mt-4 max-w-md rounded-xl border border-line bg-surface-raised p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        New to Argus?
      </h2>
      {open ? (
        <div className="mt-3 space-y-3">
          <p className="text-ink-muted">An account lets you report incidents and follow what happens to your reports.</p>
          <RegisterForm />
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)} className="mt-3 w-full">
          <UserPlus aria-hidden="true" className="size-5" />
          Create an account
        </Button>
      )}
    </section>
  );
}
