import { useQuery } from '@tanstack/react-query';
import { DEVICE_KIND_LABELS, type Device } from '@argus/contracts/http/devices';
import { ROLE_LABELS, isRole } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { CARD_ROW, CardLabel, CardTable, cardCell } from '../../components/ui/CardTable';
import { QueryProblem } from '../../components/ui/QueryProblem';
import { formatDateTime } from '../../lib/time-format';
import { RegisterDeviceForm } from './RegisterDeviceForm';
import { useRevokeDeviceMutation } from './devices.mutations';
import { deviceQueries } from './devices.queries';

const STATE_LABELS: Record<Device['state'], string> = {
  awaiting_enrolment: 'Awaiting enrolment',
  enrolment_expired: 'Enrolment code expired',
  active: 'Signed in — no inactivity limit',
  revoked: 'Revoked',
};

function shows(device: Device): string {
  if (device.kind === 'tracker') return `Positions of ${device.unitCallsign ?? 'a removed unit'}`;
  return `Read-only views of ${isRole(device.role) ? ROLE_LABELS[device.role] : device.role}`;
}

/** Command roles: wall displays and trackers, their state, and revoking one at once (docs/decisions/0051-device-sessions-and-retention.md). */
export function DevicesSection() {
  const devices = useQuery(deviceQueries.list());
  const revoke = useRevokeDeviceMutation();
  return (
    <section aria-labelledby="devices-heading" className="space-y-4">
      <h2 id="devices-heading" className="text-xl font-semibold">
        Devices
      </h2>
      <p className="text-ink-muted">
        Wall displays and trackers stay signed in without anyone at the screen. A wall display only reads; a tracker only sends its unit’s
        positions. Revoking one signs it out on its next request.
      </p>
      <QueryProblem query={devices} loading="Loading devices..." what="the devices" />
      {revoke.isError ? <p className="text-danger">{`Could not revoke the device: ${describeError(revoke.error)}`}</p> : null}
      {devices.data && devices.data.length === 0 ? <p>No devices registered.</p> : null}
      {devices.data && devices.data.length > 0 ? (
        <CardTable caption="Registered devices" columns={['Device', 'Shows', 'State', 'Action']}>
          {devices.data.map((device) => (
            <tr key={device.id} className={CARD_ROW}>
              <th scope="row" className={`${cardCell({ wide: true })} text-left font-normal`}>
                <span className="block font-medium">{device.name}</span>
                <span className="block text-sm text-ink-muted">{`${DEVICE_KIND_LABELS[device.kind]}, registered ${formatDateTime(device.createdAt)}${device.createdBy ? ` by ${device.createdBy}` : ''}`}</span>
              </th>
              <td className={cardCell({ wide: true })}>
                <CardLabel>Shows</CardLabel>
                <span>{shows(device)}</span>
              </td>
              <td className={cardCell({ wide: true })}>
                <CardLabel>State</CardLabel>
                <span>{STATE_LABELS[device.state]}</span>
              </td>
              <td className={cardCell({ wide: true, last: true })}>
                {device.state === 'revoked' ? null : (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(device.id)}
                    aria-label={`Revoke ${device.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </CardTable>
      ) : null}
      <RegisterDeviceForm />
    </section>
  );
}
