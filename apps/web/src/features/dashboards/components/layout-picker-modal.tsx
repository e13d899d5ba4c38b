import { Button, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DASHBOARD_LAYOUT_PRESETS } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutPreview } from './layout-preview';

/**
 * [M9.5] The layout window (770 x 530): the 12 presets as small drawings, one of them chosen (a radio group: arrow
 * keys move between them). Confirming with none chosen creates nothing [M4.8] [M8.4]: it is only logged, and the
 * window says a layout is needed.
 */
export function LayoutPickerModal(props: {
  title: string;
  confirmLabel: string;
  initialPresetId?: string | null;
  note?: string | null;
  isBusy: boolean;
  onConfirm: (presetId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [chosen, setChosen] = useState<string | null>(props.initialPresetId ?? null);
  const [isMissing, setIsMissing] = useState(false);
  const presets = DASHBOARD_LAYOUT_PRESETS;
  const index = presets.findIndex((p) => p.id === chosen);

  function handleConfirm() {
    if (chosen === null) {
      console.info('Dashboard: no layout active');
      setIsMissing(true);
      return;
    }
    props.onConfirm(chosen);
  }

  function handleKey(event: React.KeyboardEvent, at: number) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = presets[(at + step + presets.length) % presets.length];
    if (!next) return;
    setChosen(next.id);
    setIsMissing(false);
    document.getElementById(`dashboard-layout-${next.id}`)?.focus();
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size={770}
      centered
      fullScreen={isPhone ?? false}
      closeButtonProps={{ 'aria-label': t('dashboards.close') }}
      styles={{ body: { minHeight: isPhone ? undefined : 530 - 60 } }}
    >
      <Stack gap="sm">
        <Text size="sm" id="dashboard-layout-hint">
          {t('dashboards.layoutWindow.hint')}
        </Text>
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="sm"
          role="radiogroup"
          aria-label={t('dashboards.layoutWindow.label')}
          aria-describedby="dashboard-layout-hint"
        >
          {presets.map((preset, at) => {
            const isChosen = preset.id === chosen;
            return (
              <UnstyledButton
                key={preset.id}
                id={`dashboard-layout-${preset.id}`}
                role="radio"
                aria-checked={isChosen}
                tabIndex={isChosen || (index === -1 && at === 0) ? 0 : -1}
                onClick={() => {
                  setChosen(preset.id);
                  setIsMissing(false);
                }}
                onKeyDown={(e) => handleKey(e, at)}
                p={6}
                style={{
                  borderRadius: 6,
                  border: `2px solid var(--mantine-color-${isChosen ? 'blue-7' : 'gray-3'})`,
                  background: isChosen ? 'var(--mantine-color-blue-0)' : undefined,
                }}
              >
                <Stack gap={4} align="center">
                  <LayoutPreview layout={preset.layout} />
                  <Text size="xs" ta="center" fw={isChosen ? 700 : 400}>
                    {t(`dashboards.layouts.${preset.id}`, { defaultValue: preset.name })}
                  </Text>
                </Stack>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        {props.note && (
          <Text size="sm" c="orange.9">
            {props.note}
          </Text>
        )}
        {isMissing && (
          <Text size="sm" c="red.8" role="alert">
            {t('dashboards.layoutWindow.required')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('dashboards.cancel')}
          </Button>
          <Button loading={props.isBusy} onClick={handleConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
