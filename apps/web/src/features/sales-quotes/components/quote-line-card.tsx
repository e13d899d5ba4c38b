import { ActionIcon, Avatar, Badge, Button, Group, NumberInput, Paper, Select, Slider, Stack, Text } from '@mantine/core';
import { formatMoney, type MarketServiceField, type QuoteLinePrices } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';
import { type BuilderLine, fieldValue, numericFieldProblem } from '../utils/builder-lines';

export interface QuoteLineCardProps {
  line: BuilderLine;
  totalUsers: number;
  /** The server's prices of the line; undefined while they load. */
  prices: QuoteLinePrices | undefined;
  currency: string | null;
  /** Dependencies no line holds [M4.3]. */
  unmet: string[];
  isReadOnly: boolean;
  addingName: string | null;
  onAmount: (amount: number) => void;
  onField: (fieldName: string, value: string) => void;
  onRemove: () => void;
  onAddDependency: (serviceName: string) => void;
}

/**
 * A quote line [M3.2]: the service, its users (slider up to the total users [M4.4] [M4.5]), its Combobox and
 * Numeric fields (limits from MinValue and MaxValue [M5.9]), the services it still needs [M4.3], and its monthly
 * and setup prices as the server priced them [M5.8] [M9.3].
 */
export function QuoteLineCard(props: QuoteLineCardProps) {
  const { t } = useTranslation();
  const { line } = props;
  const name = line.ProductDisplayName || line.ProductName;
  const money = (amount: string | null | undefined) =>
    amount === undefined ? '…' : amount === null ? t('salesQuotes.line.noPrice') : formatMoney(amount, props.currency);
  return (
    <Paper withBorder p="sm" component="article" aria-label={name} data-testid="quote-line">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={fileUrl(line.Service?.Icon)} size={36} radius="sm" alt="" aria-hidden>
              {name.slice(0, 1)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={600} lineClamp={2}>
                {name}
              </Text>
              {line.IsSyncWithUserAmount && (
                <Badge size="sm" variant="light" color="blue" c="blue.9" w="fit-content">
                  {t('salesQuotes.line.allUsers')}
                </Badge>
              )}
            </Stack>
          </Group>
          {!props.isReadOnly && (
            <ActionIcon variant="subtle" color="red" onClick={props.onRemove} aria-label={t('salesQuotes.line.remove', { name })}>
              <span aria-hidden>✕</span>
            </ActionIcon>
          )}
        </Group>
        {line.Service === null && (
          <Text size="sm" c="red.8" role="note">
            {t('salesQuotes.line.notInPriceList')}
          </Text>
        )}
        <Group gap="md" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('salesQuotes.line.users', { name })}
            value={line.Amount}
            min={1}
            max={props.totalUsers}
            clampBehavior="strict"
            allowDecimal={false}
            onChange={(v) => typeof v === 'number' && props.onAmount(v)}
            disabled={props.isReadOnly}
            w={140}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 160 }}>
            <Text size="xs" c="dimmed" aria-hidden>
              {t('salesQuotes.line.slider', { total: props.totalUsers })}
            </Text>
            <Slider
              value={line.Amount}
              min={1}
              max={Math.max(props.totalUsers, 1)}
              onChange={props.onAmount}
              disabled={props.isReadOnly}
              label={null}
              thumbLabel={t('salesQuotes.line.sliderFor', { name })}
            />
          </Stack>
        </Group>
        {(line.Service?.Fields.length ?? 0) > 0 && (
          <Group gap="md" align="flex-start" wrap="wrap">
            {line.Service?.Fields.map((field) => (
              <LineField
                key={field.Id}
                field={field}
                value={fieldValue(line, field)}
                disabled={props.isReadOnly}
                onChange={(v) => props.onField(field.Id, v)}
              />
            ))}
          </Group>
        )}
        {props.unmet.length > 0 && (
          <Stack gap={4} role="group" aria-label={t('salesQuotes.line.needs', { name })}>
            <Text size="sm" fw={500}>
              {t('salesQuotes.line.needsText')}
            </Text>
            <Group gap="xs">
              {props.unmet.map((dep) => (
                <Button
                  key={dep}
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  c="dark.7"
                  disabled={props.isReadOnly}
                  loading={props.addingName === dep}
                  onClick={() => props.onAddDependency(dep)}
                  aria-label={t('salesQuotes.line.addDependency', { name: dep })}
                >
                  + {dep}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <Group gap="lg" justify="flex-end" wrap="wrap">
          <Text size="sm" data-testid="line-monthly">
            {t('salesQuotes.line.monthly')}: <strong>{money(props.prices?.MonthlyTotal)}</strong>
          </Text>
          <Text size="sm" data-testid="line-setup">
            {t('salesQuotes.line.setup')}: <strong>{money(props.prices?.SetupTotal)}</strong>
          </Text>
        </Group>
        {props.prices?.Error && (
          <Text size="sm" c="red.8" role="alert">
            {props.prices.Error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function LineField(props: { field: MarketServiceField; value: string; disabled: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const { field } = props;
  if (field.FieldType === 'Combobox') {
    return (
      <Select
        label={field.DisplayName}
        data={[...new Set(field.AvailableValues.map((v) => v.Value))]}
        value={props.value || null}
        onChange={(v) => v !== null && props.onChange(v)}
        allowDeselect={false}
        disabled={props.disabled}
        w={200}
      />
    );
  }
  const problem = numericFieldProblem(field, props.value);
  const error = problem ? t(`salesQuotes.field.${problem.key}`, { name: field.DisplayName, limit: problem.limit }) : undefined;
  const range =
    field.MinValue !== null && field.MaxValue !== null
      ? t('salesQuotes.field.range', { min: field.MinValue, max: field.MaxValue })
      : field.MinValue !== null
        ? t('salesQuotes.field.atLeast', { min: field.MinValue })
        : field.MaxValue !== null
          ? t('salesQuotes.field.atMost', { max: field.MaxValue })
          : undefined;
  return (
    <NumberInput
      label={field.DisplayName}
      description={range}
      value={props.value}
      min={field.MinValue ?? undefined}
      max={field.MaxValue ?? undefined}
      clampBehavior="none"
      onChange={(v) => props.onChange(String(v))}
      error={error}
      disabled={props.disabled}
      w={200}
    />
  );
}
