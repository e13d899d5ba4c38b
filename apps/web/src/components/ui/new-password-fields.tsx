import { PasswordInput } from '@mantine/core';
import { meetsPasswordRules, passwordValidationState } from '@portal/contracts';
import { PasswordRules } from './password-rules';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Whether a new password meets every [M5.1] rule for this username and its confirmation matches. */
export function newPasswordReady(value: NewPassword, username: string): boolean {
  return meetsPasswordRules(passwordValidationState(value.password, username)) && value.password === value.confirmation;
}

/**
 * A new password and its confirmation [M5.1]: the rules tick live under the password [M3.7]; its error shows once
 * it was left (or the form was sent, `touched`); the confirmation is disabled until the password is valid.
 */
export function NewPasswordFields(props: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  username: string;
  /** Which fields were left (blurred) or, after a submit, all of them. */
  touched: { password: boolean; confirmation: boolean };
  onTouched: (field: 'password' | 'confirmation') => void;
  labels: { password: string; confirmation: string; invalid: string; mismatch: string };
  /** The server's message about the password, if any. */
  serverError?: string | undefined;
  /** Id of the rules list the password field is described by. */
  rulesId: string;
}) {
  const { value, labels, touched } = props;
  const state = passwordValidationState(value.password, props.username);
  const passwordValid = meetsPasswordRules(state);
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        required
        value={value.password}
        onChange={(e) => props.onChange({ ...value, password: e.currentTarget.value })}
        onBlur={() => props.onTouched('password')}
        error={(touched.password && !passwordValid ? labels.invalid : undefined) ?? props.serverError}
        aria-describedby={props.rulesId}
        data-autofocus
      />
      <PasswordRules state={state} id={props.rulesId} />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        disabled={!passwordValid}
        value={value.confirmation}
        onChange={(e) => props.onChange({ ...value, confirmation: e.currentTarget.value })}
        onBlur={() => props.onTouched('confirmation')}
        error={touched.confirmation && passwordValid && value.password !== value.confirmation ? labels.mismatch : undefined}
      />
    </>
  );
}
