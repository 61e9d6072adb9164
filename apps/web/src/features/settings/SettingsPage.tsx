import { lazy, Suspense } from 'react';
import { mayManageBasemaps } from '@argus/contracts/policies/basemaps';
import { mayManageDispatchCapabilities } from '@argus/contracts/policies/dispatch-capabilities';
import { mayManageHomeArea } from '@argus/contracts/policies/home-area';
import { mayBindTakContacts, mayManageTakCertificates } from '@argus/contracts/policies/tak';
import { mayManageUnitSymbols } from '@argus/contracts/policies/unit-symbols';
import { isCommandRole } from '@argus/contracts/roles';
import { useAuth } from '../auth/auth-context';
import { mustEnrolSecondFactor } from '../auth/auth-state';
import { SwitchUserSection } from '../users/SwitchUserSection';
import { AuditLogSection } from '../audit/AuditLogSection';
import { MapsSection } from '../basemaps/MapsSection';
import { DispatchCapabilitiesSection } from '../dispatch-capabilities/DispatchCapabilitiesSection';
import { CivicSection } from '../civic/CivicSection';
import { UsersAdminSection } from '../users/UsersAdminSection';
import { DevicesSection } from '../devices/DevicesSection';
import { AccessibilitySection } from './AccessibilitySection';
import { CoordinatesSection } from './CoordinatesSection';
import { PasswordSection } from './PasswordSection';
import { TwoFactorSection } from '../mfa/TwoFactorSection';
import { ProfileSection } from './ProfileSection';
import { SoundSettings } from '../alerts/SoundSettings';
import { FieldAttentionSettings } from '../attention/FieldAttentionSettings';

// Brings milsymbol (to preview and check codes), so it loads only for the administrators who see it.
const UnitSymbolsSection = lazy(async () => ({ default: (await import('../unit-symbols/UnitSymbolsSection')).UnitSymbolsSection }));
// Loaded with the section, so the home area's form stays out of the app shell (the /login page's budget).
const HomeAreaSection = lazy(async () => ({ default: (await import('../home-area/HomeAreaSection')).HomeAreaSection }));
// The TAK devices' list and binding, likewise out of the app shell.
const TakContactsSection = lazy(async () => ({ default: (await import('../tak/TakContactsSection')).TakContactsSection }));
const TakCertificatesSection = lazy(async () => ({ default: (await import('../tak/TakCertificatesSection')).TakCertificatesSection }));

/** /settings: everyone's own profile, password, accessibility, coordinate format and sounds (and a crew's ring, vibration and notifications); administration (maps: basemaps, home area and unit symbols; dispatch capabilities, users, civic reports, devices, TAK devices and certificates, audit) for command roles. */
export function SettingsPage() {
  const { user, session } = useAuth();
  // An administrator without the second factor the policy asks for could open none of the
  // administration (the server answers mfa_enrolment_required): it appears once one is set up.
  const mustEnrol = session ? mustEnrolSecondFactor(session) : false;
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
      {mayManageBasemaps(user?.role) && !mustEnrol ? (
        <MapsSection>
          {mayManageHomeArea(user?.role) ? (
            <Suspense fallback={<p>Loading the home area...</p>}>
              <HomeAreaSection />
            </Suspense>
          ) : null}
          {mayManageUnitSymbols(user?.role) ? (
            <Suspense fallback={<p>Loading unit symbols...</p>}>
              <UnitSymbolsSection />
            </Suspense>
          ) : null}
        </MapsSection>
      ) : null}
      {mayManageDispatchCapabilities(user?.role) && !mustEnrol ? <DispatchCapabilitiesSection /> : null}
      {isCommand ? <UsersAdminSection /> : null}
      {isCommand ? <CivicSection /> : null}
      {isCommand ? <DevicesSection /> : null}
      {mayBindTakContacts(user?.role) && !mustEnrol ? (
        <Suspense fallback={<p>Loading TAK devices...</p>}>
          <TakContactsSection />
        </Suspense>
      ) : null}
      {mayManageTakCertificates(user?.role) && !mustEnrol ? (
        <Suspense fallback={<p>Loading TAK certificates...</p>}>
          <TakCertificatesSection />
        </Suspense>
      ) : null}
      {isCommand ? <SwitchUserSection /> : null}
      {isCommand ? <AuditLogSection /> : null}
    </div>
  );
}
