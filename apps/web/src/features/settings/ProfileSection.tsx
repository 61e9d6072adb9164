import { useState, type FormEvent } from 'react';
import { ProfileUpdateRequest } from '@argus/contracts/http/auth';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { useAuth } from '../auth/auth-context';
import { useUpdateProfileMutation } from '../auth/auth.mutations';

/** The signed-in user's own name; email and role are shown but changed only by an administrator. */
export function ProfileSection() {
  const { user } = useAuth();
  const [fullName, setFullName] = useState(user?.full_name ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const update = useUpdateProfileMutation();

  if (!user) return null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ProfileUpdateRequest.safeParse({ full_name: fullName });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    update.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="profile-heading" className="space-y-4">
      <h2 id="profile-heading" className="text-xl font-semibold">
        Profile
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">Email</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="text-ink-muted">Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
      </dl>
      <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-3">
        <TextField
          label="Full name"
          name="full_name"
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          error={fieldError}
        />
        {update.isError ? <FormMessage tone="error">{describeError(update.error)}</FormMessage> : null}
        {update.isSuccess ? <FormMessage tone="success">Profile saved.</FormMessage> : null}
        <Button type="submit" disabled={update.isPending} className="self-start">
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </form>
    </section>
  );
}
