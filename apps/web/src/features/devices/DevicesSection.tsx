import { useQuery } from '@tanstack/react-query';
import { DEVICE_KIND_LABELS, type Device } from '@argus/contracts/http/devices';
import { ROLE_LABELS, isRole } from '@argus/contracts/roles';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
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
      <p className="text-muted">
        Wall displays and trackers stay signed in without anyone at the screen. A wall display only reads; a tracker only sends its unit’s
        positions. Revoking one signs it out on its next request.
      </p>
      {devices.isPending ? <p>Loading devices...</p> : null}
      {devices.isError ? <p className="text-danger">{`Could not load devices: ${describeError(devices.error)}`}</p> : null}
      {revoke.isError ? <p className="text-danger">{`Could not revoke the device: ${describeError(revoke.error)}`}</p> : null}
      {devices.data && devices.data.length === 0 ? <p>No devices registered.</p> : null}
      {devices.data && devices.data.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">Registered devices</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">
                  Device
                </th>
                <th scope="col" className="py-2 pr-3">
                  Shows
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {devices.data.map((device) => (
                <tr key={device.id} className="border-b border-line align-top">
                  <td className="py-2 pr-3">
                    <span className="font-medium">{device.name}</span>
                    <span className="block text-sm text-muted">{`${DEVICE_KIND_LABELS[device.kind]}, registered ${formatDateTime(device.createdAt)}${device.createdBy ? ` by ${device.createdBy}` : ''}`}</span>
                  </td>
                  <td className="py-2 pr-3">{shows(device)}</td>
                  <td className="py-2 pr-3">{STATE_LABELS[device.state]}</td>
                  <td className="py-2">
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
            </tbody>
          </table>
        </div>
      ) : null}
      <RegisterDeviceForm />
    </section>
  );
}
