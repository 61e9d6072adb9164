import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { TEXT } from '@argus/contracts/catalogue';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../auth/auth-context';
import { mfaApi } from './mfa.api';
import { mfaQueries } from './mfa.queries';

const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * The sign-in step after the password for an account with a verified factor. The session
 * stays at aal1, good for nothing but this, until the code from the authenticator app is right.
 */
export function SecondFactorForm() {
  const { recheck, signOut, user } = useAuth();
  const factors = useQuery(mfaQueries.factors());
  const factor = factors.data?.find((candidate) => candidate.status === 'verified' && candidate.factor_type === 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits) && !RECOVERY_CODE.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
      return;
    }
    if (!factor) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await mfaApi.verify(factor.id, digits);
      if (user) toast({ title: TEXT.login.successTitle, description: TEXT.login.welcome(user.full_name) });
      recheck();
    } catch (failure) {
      setError(describeError(failure));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Two-factor authentication</h2>
      <p className="text-ink-muted">
        {/* The name set up by default says nothing more: "your authenticator app (Authenticator app)". */}
        {factor?.friendly_name && factor.friendly_name.toLowerCase() !== 'authenticator app'
          ? `Enter the current code from your authenticator app (${factor.friendly_name}).`
          : 'Enter the current code from your authenticator app.'}
      </p>
      {factors.isError ? <p className="text-danger">{describeError(factors.error)}</p> : null}
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        maxLength={12}
        hint="Lost your phone? Enter one of your recovery codes instead."
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" disabled={submitting || !factor} className="w-full">
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="secondary" onClick={() => void signOut('user')}>
        Cancel and sign out
      </Button>
    </form>
  );
}
