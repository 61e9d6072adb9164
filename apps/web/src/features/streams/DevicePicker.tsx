import type { Devices } from '../../lib/webrtc/media';
import { SelectField } from './SelectField';

/** Camera and microphone choice; labels appear once the browser has allowed capture. */
export function DevicePicker({ devices, camera, microphone, onCamera, onMicrophone, disabled }: {
  devices: Devices;
  camera: string;
  microphone: string;
  onCamera: (id: string) => void;
  onMicrophone: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField label="Camera" value={camera} onChange={onCamera} disabled={disabled ?? false}>
        {devices.cameras.length === 0 ? <option value="">No camera found</option> : null}
        {devices.cameras.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `Camera ${index + 1}`}
          </option>
        ))}
      </SelectField>
      <SelectField label="Microphone" value={microphone} onChange={onMicrophone} disabled={disabled ?? false}>
        {devices.microphones.length === 0 ? <option value="">No microphone found</option> : null}
        {devices.microphones.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `Microphone ${index + 1}`}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
