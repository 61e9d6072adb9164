import { useAuth } from '../auth/auth-context';
import { needsSecondFactor } from '../auth/auth-state';
import { LoginForm } from '../auth/LoginForm';
import { SecondFactorForm } from '../mfa/SecondFactorForm';

/**
 * Sign-in in place on the stream gateway (issue 19, point 5): sessions are kept per host, so a
 * sign-in on the main site would not open the rooms here. Loaded only when the rooms are refused.
 */
export function StreamGatewaySignIn() {
  const { state } = useAuth();
  if (state.status === 'valid' && needsSecondFactor(state.session)) return <SecondFactorForm />;
  return (
    <div className="max-w-md space-y-3">
      <p>Command staff and analysts: sign in here to see the live rooms and their health.</p>
      <LoginForm />
    </div>
  );
}
