import { useId } from 'react';
import type { User } from '@argus/contracts/http/auth';
import { ROLE_LABELS, isRole, type Role } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { CARD_ROW, CardLabel, cardCell } from '../../components/ui/CardTable';
import { accountControls } from './account-controls';
import { useUpdateUserMutation } from './users.mutations';

/**
 * One user with controls for role and active state, offered only where the viewer's role may
 * change this account; each row reports its own failures.
 */
export function UserRow({ user, viewer, isSelf }: { user: User; viewer: Role | undefined; isSelf: boolean }) {
  const update = useUpdateUserMutation();
  const roleId = useId();
  const { manageable, roleChoices } = accountControls(viewer, user, isSelf);
  return (
    <tr className={CARD_ROW}>
      <th scope="row" className={`${cardCell({ wide: true })} text-left font-normal`}>
        <span className="block font-medium">{user.full_name}</span>
        <span className="block text-sm break-all text-ink-muted">{user.email}</span>
        {update.isError ? (
          <span role="alert" className="mt-1 block text-sm text-danger">
            {describeError(update.error)}
          </span>
        ) : null}
      </th>
      <td className={cardCell({ wide: true })}>
        <CardLabel>Role</CardLabel>
        {manageable ? (
          <>
            <label htmlFor={roleId} className="sr-only">{`Role for ${user.full_name}`}</label>
            <select
              id={roleId}
              value={user.role}
              disabled={update.isPending}
              onChange={(event) => {
                const role = event.target.value;
                if (isRole(role)) update.mutate({ id: user.id, changes: { role } });
              }}
              className="min-h-11 max-w-full rounded-md max-sm:w-full border border-line bg-surface-sunken px-2 py-1 text-ink disabled:opacity-60"
            >
              {roleChoices.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </>
        ) : (
          ROLE_LABELS[user.role]
        )}
      </td>
      <td className={cardCell()}>
        <CardLabel>State</CardLabel>
        <span>{user.is_active ? 'Active' : 'Inactive'}</span>
      </td>
      <td className={cardCell({ wide: true, last: true })}>
        {manageable ? (
          <Button
            variant={user.is_active ? 'danger' : 'secondary'}
            disabled={update.isPending}
            aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.full_name}`}
            onClick={() => update.mutate({ id: user.id, changes: { is_active: !user.is_active } })}
          >
            {user.is_active ? 'Deactivate' : 'Activate'}
          </Button>
        ) : (
          <span className="text-sm text-ink-muted">{isSelf ? 'You' : 'Only a Super Admin can change this account.'}</span>
        )}
      </td>
    </tr>
  );
}
