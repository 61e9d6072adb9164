import { ArrowLeftRight } from 'lucide-react';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { useAuth } from './auth-context';
import { useSwitchBackMutation } from './auth.mutations';

/** While an administrator operates as someone else, every page says so and offers the way back. */
export function SwitchBanner() {
  const { user, session } = useAuth();
  const switchBack = useSwitchBackMutation();
  const original = session?.originalUser;
  if (!user || !original) return null;
  return (
    <section aria-label="Switched user" className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-warning px-4 py-2 text-on-gold">
      <ArrowLeftRight aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">
        {`You are operating as ${user.full_name} (${ROLE_LABELS[user.role]}) — signed in as ${original.full_name}`}
      </p>
      <button
        type="button"
        onClick={() => switchBack.mutate()}
        disabled={switchBack.isPending}
        className="min-h-11 rounded-md border-2 border-on-gold bg-surface px-4 py-1 font-semibold text-ink disabled:opacity-60"
      >
        Switch back
      </button>
    </section>
  );
}
