import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@argus/contracts/catalogue';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { useSwitchUserMutation } from '../auth/auth.mutations';
import { usersQueries } from './users.queries';

/** Administrators operate as another active user to see what they see. */
export function SwitchUserSection() {
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
              <Button
                variant="secondary"
                disabled={switchUser.isPending}
                aria-label={`Switch to ${user.full_name}`}
                onClick={() => switchUser.switchTo(user.id)}
              >
                Switch
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
