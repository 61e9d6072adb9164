import { useState, type FormEvent } from 'react';
import { PASSWORD_POLICY } from '@argus/contracts/constants';
import { CreateUserRequest } from '@argus/contracts/http/users';
import { assignableRoles } from '@argus/contracts/policies/accounts';
import { ROLE_LABELS, type Role } from '@argus/contracts/roles';
import { describeError, issueFor } from '../../lib/api-error';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useAuth } from '../auth/auth-context';
import { useCreateUserMutation } from './users.mutations';

type Field = 'email' | 'full_name' | 'password';
const EMPTY = { email: '', full_name: '', password: '' };

/** Creates an account with a role the viewer may give; the server answers weak_password or email_taken, shown here. */
export function CreateUserForm() {
  const { user: self } = useAuth();
  const roles = self ? assignableRoles(self.role) : [];
  const [values, setValues] = useState(EMPTY);
  const [role, setRole] = useState<Role>('Field_Unit');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateUserMutation();

  const set = (field: Field) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCreated(null);
    const parsed = CreateUserRequest.safeParse({ ...values, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, ['email', 'full_name', 'password']));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        setValues(EMPTY);
        setCreated(`Created ${user.full_name} (${ROLE_LABELS[user.role]}).`);
      },
    });
  };

  const serverError = create.isError ? describeError(create.error) : undefined;
  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="create-user-heading" className="grid max-w-2xl gap-3 sm:grid-cols-2">
      <h3 id="create-user-heading" className="text-lg font-semibold sm:col-span-2">
        Create user
      </h3>
      <TextField
        label="Name"
        name="full_name"
        autoComplete="off"
        value={values.full_name}
        onChange={set('full_name')}
        error={errors.full_name ?? issueFor(create.error, 'full_name')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={set('email')}
        error={errors.email ?? issueFor(create.error, 'email')}
      />
      <SelectField
        label="Role"
        value={role}
        options={roles.map((option) => ({ value: option, label: ROLE_LABELS[option] }))}
        onChange={setRole}
      />
      <TextField
        label="Initial password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_POLICY.minLength} characters.`}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
        {created ? <FormMessage tone="success">{created}</FormMessage> : null}
        <Button type="submit" disabled={create.isPending} className="self-start">
          {create.isPending ? 'Creating...' : 'Create user'}
        </Button>
      </div>
    </form>
  );
}
