import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once after a second factor is set up. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  const { t } = useTranslation();
  const handleCopy = () => void navigator.clipboard?.writeText(codes.join('\n'));
  return (
    <Stack gap="sm">
      <Alert color="yellow">
        <Text fw={700} size="sm">
          {t('access.mfa.recoveryTitle')}
        </Text>
        <Text size="sm">{t('access.mfa.recoveryText')}</Text>
      </Alert>
      <List aria-label={t('access.mfa.recoveryTitle')} data-testid="recovery-codes" spacing={2} listStyleType="none">
        {codes.map((c) => (
          <List.Item key={c}>
            <Text ff="monospace">{c}</Text>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={handleCopy}>
          {t('access.mfa.copyCodes')}
        </Button>
        {onDone && <Button onClick={onDone}>{t('access.mfa.savedCodes')}</Button>}
      </Group>
    </Stack>
  );
}
