import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { PasswordValidationState } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const RULES: readonly (keyof PasswordValidationState)[] = [
  'charLength',
  'charCase',
  'hasNumeric',
  'hasSpecialChar',
  'containsUsername',
];

/**
 * [M3.7] The live state of every password rule [M5.1], ticked as the user types. `labels` replaces the text of a
 * rule (e.g. "not contain the user's username" when someone sets another user's password).
 */
export function PasswordRules({
  state,
  id,
  labels = {},
}: {
  state: PasswordValidationState;
  id: string;
  labels?: Partial<Record<keyof PasswordValidationState, string>>;
}) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        {t('passwordReset.rulesTitle')}
      </Text>
      <List size="sm" spacing={2} center aria-label={t('passwordReset.rulesTitle')}>
        {RULES.map((rule) => (
          <List.Item
            key={rule}
            data-testid={`rule-${rule}`}
            data-met={state[rule]}
            icon={
              <ThemeIcon color={state[rule] ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
                {state[rule] ? '✓' : '✗'}
              </ThemeIcon>
            }
          >
            <Text component="span" size="sm" c={state[rule] ? 'teal.9' : 'dark'}>
              {labels[rule] ?? t(`passwordReset.rules.${rule}`)}
              <VisuallyHidden>{` (${state[rule] ? t('passwordReset.ruleMet') : t('passwordReset.ruleNotMet')})`}</VisuallyHidden>
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
