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
  const { user, session } = useAuth();
  // An administrator without the second factor the policy asks for could open none of the
  // administration (the server answers mfa_enrolment_required): it appears once one is set up.
  const mustEnrol = session?.mfa.required === true && !session.mfa.enrolled;
  const isCommand = isCommandRole(user?.role) && !mustEnrol;
  return (
    <div className="max-w-5xl space-y-10">
      <ProfileSection />
      <PasswordSection />
      <TwoFactorSection />
      <AccessibilitySection />
      <CoordinatesSection />
      <SoundSettings />
      {user?.role === 'Field_Unit' ? <FieldAttentionSettings /> : null}
      {mayManageBasemaps(user?.role) && !mustEnrol ? <MapsSection /> : null}
      {mayManageDispatchCapabilities(user?.role) && !mustEnrol ? <DispatchCapabilitiesSection /> : null}
      {isCommand ? <UsersAdminSection /> : null}
      {isCommand ? <CivicSection /> : null}
      {isCommand ? <SwitchUserSection /> : null}
      {isCommand ? <AuditLogSection /> : null}
    </div>
  );
}
