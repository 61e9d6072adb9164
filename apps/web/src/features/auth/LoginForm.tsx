import { useState, type FormEvent } from 'react';
import { LogIn } from 'lucide-react';
import { TEXT } from '@argus/contracts/catalogue';
import { LoginRequest } from '@argus/contracts/http/auth';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from './auth-context';
import { loginErrorDescription } from './login-errors';

/** Email and password. The contract schema trims and lower-cases the email before it is sent. */
export function LoginForm() {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, ['email', 'password']));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { user, secondFactorDue } = await signIn(parsed.data);
      // With a second factor still to enter, nobody is signed in yet: the code step welcomes them.
      if (!secondFactorDue) toast({ title: TEXT.login.successTitle, description: TEXT.login.welcome(user.full_name) });
    } catch (error) {
      toast({ title: TEXT.login.failedTitle, description: loginErrorDescription(error), variant: 'destructive' });
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={submitting} className="w-full">
        <LogIn aria-hidden="true" className="size-5" />
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
