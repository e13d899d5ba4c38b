import { Box, Image, Text } from '@mantine/core';
import { VENDOR_LOGO_MIN_HEIGHT, VENDOR_LOGO_MIN_WIDTH } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * [M9.12] A vendor logo in its 496 x 208 frame, scaled down with the space it has (never up), or a
 * framed "No logo" when there is none.
 */
export function VendorLogo({ src, vendorName }: { src: string | null; vendorName: string }) {
  const { t } = useTranslation();
  return (
    <Box
      w="100%"
      maw={VENDOR_LOGO_MIN_WIDTH}
      style={{
        aspectRatio: `${VENDOR_LOGO_MIN_WIDTH} / ${VENDOR_LOGO_MIN_HEIGHT}`,
        border: '1px solid var(--mantine-color-gray-4)',
        borderStyle: src ? 'solid' : 'dashed',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      {src ? (
        <Image src={src} alt={t('vendorProfile.logoAlt', { vendor: vendorName })} w="100%" h="100%" fit="contain" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('vendorProfile.noLogo')}
        </Text>
      )}
    </Box>
  );
}
