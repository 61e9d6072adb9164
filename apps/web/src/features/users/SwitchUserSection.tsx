import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@argus/contracts/catalogue';
import { mayManageAccount } from '@argus/contracts/policies/accounts';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../auth/auth-context';
import { useSwitchUserMutation } from '../auth/auth.mutations';
import { usersQueries } from './users.queries';

/**
 * Administrators operate as another active user to see what they see. Every active user is
 * listed; the switch is offered only where the account policy allows it.
 */
export function SwitchUserSection() {
  const { user: self, session } = useAuth();
  // The administrator at the keyboard switches, even from a switched session.
  const switcher = session?.originalUser ?? self;
  const active = useQuery(usersQueries.active());
  const switchUser = useSwitchUserMutation();
  const failed = active.isError;

  useEffect(() => {
    if (failed) toast({ title: TEXT.switching.loadUsersFailed, variant: 'destructive' });
  }, [failed]);

  return (
    <section aria-labelledby="switch-heading" className="space-y-3">
      <h2 id="switch-heading" className="text-xl font-semibold">
        Switch user
      </h2>
      <p className="text-ink-muted">Operate as another active user. A banner shows while you do, with the way back.</p>
      {active.isPending ? <p>Loading active users...</p> : null}
      {active.isError ? <p className="text-danger">{describeError(active.error)}</p> : null}
      {active.data?.length === 0 ? <p>No other active users.</p> : null}
      {active.data && active.data.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {active.data.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span>
                <span className="block font-medium">{user.full_name}</span>
                <span className="block text-sm text-ink-muted">{`${ROLE_LABELS[user.role]} · ${user.email}`}</span>
              </span>
              {switcher && mayManageAccount(switcher.role, user.role) ? (
                <Button
                  variant="secondary"
                  disabled={switchUser.isPending}
                  aria-label={`Switch to ${user.full_name}`}
                  onClick={() => switchUser.switchTo(user.id)}
                >
                  Switch
                </Button>
              ) : (
                <span className="text-sm text-ink-muted">Only a Super Admin can switch to this account.</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
