import { isAdminRole } from '@argus/contracts/roles';
import { useAuth } from '../auth/auth-context';
import { IceServersForm } from './IceServersForm';
import { StreamDefaultsForm } from './StreamDefaultsForm';

/** /stream-settings: my publishing defaults; for administrators, ICE servers and recording retention. */
export function StreamSettingsPage() {
  const { user } = useAuth();
  return (
    <div className="max-w-5xl space-y-10">
      <section aria-labelledby="stream-defaults-heading" className="space-y-4">
        <h2 id="stream-defaults-heading" className="text-xl font-semibold">
          My video defaults
        </h2>
        <StreamDefaultsForm />
      </section>
      {isAdminRole(user?.role) ? (
        <section aria-labelledby="stream-platform-heading" className="space-y-4">
          <h2 id="stream-platform-heading" className="text-xl font-semibold">
            Platform: ICE servers and recordings
          </h2>
          <IceServersForm />
        </section>
      ) : null}
    </div>
  );
}
