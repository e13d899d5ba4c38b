import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { CurrentUser, MfaEnrolment } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/ui/lazy-part';
import { ApiError } from '../../../lib/api-client';
import { useStartSignInMfaEnrolment } from '../api/use-access';
import { type SignInInput, useFinishSignIn, useSignIn } from '../api/use-current-user';

// The set-up of a second factor and the recovery codes are steps few sign-ins reach: fetched when reached.
const MfaEnrolmentPanel = lazyPart(() => import('./mfa-enrolment-panel'), 'MfaEnrolmentPanel');
const RecoveryCodes = lazyPart(() => import('./recovery-codes'), 'RecoveryCodes');

type Step = 'credentials' | 'code' | 'enrol' | 'newPassword' | 'recovery';
type Errors = Partial<Record<'Username' | 'Password' | 'Code' | 'NewPassword' | 'Confirm', string>>;

/**
 * Sign-in in steps: username and password; then the authenticator or a recovery code when the user has a second
 * factor [A2.20]; the set-up of one when the organisation requires it [A2.19]; a new password when the old one
 * expired. Calls onSignedIn after the session cookie is set.
 */
export function SignInForm({ onSignedIn, notice }: { onSignedIn: () => void; notice?: string | null }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const finish = useFinishSignIn();
  const startEnrolment = useStartSignInMfaEnrolment();
  const [step, setStep] = useState<Step>('credentials');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; user: CurrentUser } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = (input: SignInInput) => {
    setMessage(null);
    signIn.mutate(input, {
      onSuccess: (result) => {
        if (result.RecoveryCodes) {
          setRecovery({ codes: result.RecoveryCodes, user: result.User });
          setStep('recovery');
          return;
        }
        onSignedIn();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          setMessage(error.message);
          return;
        }
        const field = (name: string) => error.fieldErrors.find((e) => e.field === name)?.message;
        if (error.code === 'MFA_REQUIRED') {
          setStep('code');
          setErrors(step === 'code' ? { Code: field('Code') } : {});
        } else if (error.code === 'MFA_ENROLMENT_REQUIRED') {
          setMessage(error.message);
          startEnrolment.mutate(
            { Username: username.trim(), Password: password },
            {
              onSuccess: (data) => {
                setEnrolment(data);
                setStep('enrol');
              },
              onError: (e) => setMessage(e.message),
            },
          );
        } else if (error.code === 'PASSWORD_EXPIRED') {
          setStep('newPassword');
          setMessage(error.message);
          setErrors({});
        } else if (field('Code')) {
          setErrors({ Code: field('Code') });
        } else if (field('NewPassword')) {
          setErrors({ NewPassword: field('NewPassword') });
        } else {
          setStep('credentials');
          setCode('');
          setMessage(error.message);
        }
      },
    });
  };

  const base = () => ({ Username: username.trim(), Password: password });
  const withCode = () => (code.trim() ? { Code: code.trim() } : {});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'credentials') {
      const found: Errors = {
        ...(username.trim() ? {} : { Username: t('access.signIn.enterUsername') }),
        ...(password ? {} : { Password: t('access.signIn.enterPassword') }),
      };
      setErrors(found);
      if (Object.keys(found).length === 0) submit(base());
    } else if (step === 'code' || step === 'enrol') {
      if (!code.trim()) {
        setErrors({ Code: t('access.mfa.enterCode') });
        return;
      }
      submit({ ...base(), ...withCode() });
    } else if (step === 'newPassword') {
      if (newPassword !== confirm) {
        setErrors({ Confirm: t('access.password.mismatch') });
        return;
      }
      submit({ ...base(), ...withCode(), NewPassword: newPassword });
    }
  };

  if (step === 'recovery' && recovery) {
    return (
      <RecoveryCodes
        codes={recovery.codes}
        onDone={() => {
          finish(recovery.user);
          onSignedIn();
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {notice && !message && <Alert color="blue">{notice}</Alert>}
        {message && (
          <Alert color={step === 'credentials' ? 'red' : 'blue'} role="alert">
            {message}
          </Alert>
        )}
        {step === 'credentials' && (
          <>
            <TextInput
              label={t('auth.username')}
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={errors.Username}
              // Keyboard users start typing their name at once when the sign-in page opens (decision 0055).
              data-autofocus
              autoFocus
            />
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.Password}
            />
          </>
        )}
        {step === 'code' && (
          <>
            <Text size="sm">{useRecovery ? t('access.mfa.recoveryPrompt') : t('access.mfa.prompt')}</Text>
            <TextInput
              label={useRecovery ? t('access.mfa.recoveryCode') : t('access.mfa.code')}
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.Code}
              data-autofocus
              autoFocus
            />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode('');
                setErrors({});
              }}
            >
              {useRecovery ? t('access.mfa.useApp') : t('access.mfa.useRecovery')}
            </Anchor>
          </>
        )}
        {step === 'enrol' && enrolment && (
          <MfaEnrolmentPanel enrolment={enrolment} code={code} onCodeChange={setCode} error={errors.Code} />
        )}
        {step === 'newPassword' && (
          <>
            <PasswordInput
              label={t('access.password.new')}
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              error={errors.NewPassword}
              autoFocus
            />
            <PasswordInput
              label={t('access.password.confirm')}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={errors.Confirm}
            />
          </>
        )}
        <Button type="submit" loading={signIn.isPending || startEnrolment.isPending}>
          {step === 'credentials' ? t('auth.submit') : t('access.signIn.continue')}
        </Button>
        {step !== 'credentials' && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setStep('credentials');
              setCode('');
              setPassword('');
              setMessage(null);
              setErrors({});
            }}
          >
            {t('access.signIn.startOver')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
