import { Radio, Stack, Text } from '@mantine/core';
import type { ImportType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** [A2.46] Select import type: only the types the caller may import [A5.13]. */
export function StepType(props: {
  types: readonly ImportType[];
  value: ImportType | null;
  onChange: (type: ImportType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text size="sm">{t('accountImport.type.intro')}</Text>
      <Radio.Group
        label={t('accountImport.type.label')}
        value={props.value}
        onChange={(value) => {
          const type = props.types.find((candidate) => candidate === value);
          if (type) props.onChange(type);
        }}
      >
        <Stack gap="sm" mt="xs">
          {props.types.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`accountImport.type.${type}`)}
              description={t(`accountImport.type.${type}Hint`)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
