import {
  type FieldValue,
  type LayoutContainer,
  meetsPasswordRules,
  type PasswordValidationState,
  passwordValidationState,
} from '@portal/contracts';

/** The built-in "reset password" custom action of User accounts [A1.5], [A6.19] (decision 0020). */
export const RESET_PASSWORD_ACTION = 'RESET_PASSWORD';

const KEYS = {
  username: 'Action.Username',
  method: 'Action.Method',
  password: 'Action.NewPassword',
  confirmation: 'Action.PasswordConfirmation',
} as const;
/** The container holding the new password, drawn only while a password is being set. */
const PASSWORD_CONTAINER = 'NewPassword';

type Values = Readonly<Record<string, FieldValue>>;
const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '');

export const isSettingPassword = (values: Values) => values[KEYS.method] === 'SET_PASSWORD';

/** The containers to draw: the new-password one only when "Set a new password now" is chosen. */
export function resetPasswordContainers(containers: readonly LayoutContainer[], values: Values): LayoutContainer[] {
  return containers.map((c) =>
    c.Name === PASSWORD_CONTAINER && !isSettingPassword(values) ? { ...c, State: 'Hidden' as const } : c,
  );
}

/** [M3.7] The live state of the [M5.1] rules for the typed password and the user's username. */
export function resetPasswordState(values: Values): PasswordValidationState {
  return passwordValidationState(text(values[KEYS.password]), text(values[KEYS.username]));
}

/**
 * [M5.1] The messages the password fields show: errPasswordInvalid on the password, errPasswordsDontMatch on the
 * confirmation; `only` limits them to the fields the user already left (errors show on blur).
 */
export function resetPasswordErrors(
  values: Values,
  messages: { invalid: string; mismatch: string },
  only?: readonly string[],
): Record<string, string> {
  if (!isSettingPassword(values)) return {};
  const errors: Record<string, string> = {};
  const wanted = (key: string) => only === undefined || only.includes(key);
  const valid = meetsPasswordRules(resetPasswordState(values));
  if (!valid && wanted(KEYS.password)) errors[KEYS.password] = messages.invalid;
  if (valid && text(values[KEYS.password]) !== text(values[KEYS.confirmation]) && wanted(KEYS.confirmation))
    errors[KEYS.confirmation] = messages.mismatch;
  return errors;
}

/** Whether a key is one of the two password fields (their errors show on blur). */
export const isPasswordKey = (key: string) => key === KEYS.password || key === KEYS.confirmation;

/** What is sent: typed passwords only when a password is being set; never the read-only username. */
export function resetPasswordPayload(values: Values): Record<string, FieldValue> {
  const setting = isSettingPassword(values);
  const out: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === KEYS.username) continue;
    out[key] = !setting && isPasswordKey(key) ? null : value;
  }
  return out;
}
