import { useState, type FormEvent } from 'react';
import { PASSWORD_POLICY } from '@argus/contracts/constants';
import { PasswordChangeRequest } from '@argus/contracts/http/auth';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { useChangePasswordMutation } from '../auth/auth.mutations';

const POLICY_HINT = `At least ${PASSWORD_POLICY.minLength} characters and hard to guess: the server checks its strength.`;

/** Change one's own password; the server enforces the policy and explains a refusal. */
export function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [localError, setLocalError] = useState<string>();
  const change = useChangePasswordMutation();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PasswordChangeRequest.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    if (newPassword.length < PASSWORD_POLICY.minLength) {
      setLocalError(`The new password must be at least ${PASSWORD_POLICY.minLength} characters.`);
      return;
    }
    setLocalError(undefined);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
      },
    });
  };

  const error = localError ?? (change.isError ? describeError(change.error) : undefined);
  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <h2 id="password-heading" className="text-xl font-semibold">
        Password
      </h2>
      <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-3">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={POLICY_HINT}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {change.isSuccess && !error ? <FormMessage tone="success">Password changed.</FormMessage> : null}
        <Button type="submit" disabled={change.isPending} className="self-start">
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
