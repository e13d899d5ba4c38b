import { Image, Stack, Text, TextInput } from '@mantine/core';
import type { MfaEnrolment } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** The QR code and typed secret of a new authenticator, and the field for its first code. */
export function MfaEnrolmentPanel(props: {
  enrolment: MfaEnrolment;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('access.mfa.scan')}</Text>
      <Image src={props.enrolment.QrCode} alt={t('access.mfa.qrAlt')} w={180} h={180} />
      <Text size="sm">
        {t('access.mfa.typeSecret')}{' '}
        <Text span ff="monospace" data-testid="mfa-secret">
          {props.enrolment.Secret}
        </Text>
      </Text>
      <TextInput
        label={t('access.mfa.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={props.code}
        onChange={(e) => props.onCodeChange(e.currentTarget.value)}
        error={props.error}
      />
    </Stack>
  );
}
