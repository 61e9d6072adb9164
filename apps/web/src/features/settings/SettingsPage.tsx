import { mayManageBasemaps } from '@argus/contracts/policies/basemaps';
import { mayManageDispatchCapabilities } from '@argus/contracts/policies/dispatch-capabilities';
import { isCommandRole } from '@argus/contracts/roles';
import { useAuth } from '../auth/auth-context';
import { SwitchUserSection } from '../users/SwitchUserSection';
import { AuditLogSection } from '../audit/AuditLogSection';
import { MapsSection } from '../basemaps/MapsSection';
import { DispatchCapabilitiesSection } from '../dispatch-capabilities/DispatchCapabilitiesSection';
import { CivicSection } from '../civic/CivicSection';
import { UsersAdminSection } from '../users/UsersAdminSection';
import { AccessibilitySection } from './AccessibilitySection';
import { CoordinatesSection } from './CoordinatesSection';
import { PasswordSection } from './PasswordSection';
import { TwoFactorSection } from '../mfa/TwoFactorSection';
import { ProfileSection } from './ProfileSection';
import { SoundSettings } from '../alerts/SoundSettings';
import { FieldAttentionSettings } from '../attention/FieldAttentionSettings';

/** /settings: everyone's own profile, password, accessibility, coordinate format and sounds (and a crew's ring, vibration and notifications); administration (maps, dispatch capabilities, users, civic reports, audit) for command roles. */
export function SettingsPage() {
  const { user } = useAuth();
  const isCommand = isCommandRole(user?.role);
  return (
    <div className="max-w-5xl space-y-10">
      <ProfileSection />
      <PasswordSection />
      <TwoFactorSection />
      <AccessibilitySection />
      <CoordinatesSection />
      <SoundSettings />
      {user?.role === 'Field_Unit' ? <FieldAttentionSettings /> : null}
      {mayManageBasemaps(user?.role) ? <MapsSection /> : null}
      {mayManageDispatchCapabilities(user?.role) ? <DispatchCapabilitiesSection /> : null}
      {isCommand ? <UsersAdminSection /> : null}
      {isCommand ? <CivicSection /> : null}
      {isCommand ? <SwitchUserSection /> : null}
      {isCommand ? <AuditLogSection /> : null}
    </div>
  );
}
