import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  addFieldToBilling,
  BILLABLE_TIME_UNITS,
  type BillingRule,
  CHARGE_TYPES,
  END_DATE_ACTIONS,
  type FieldError,
  formatPrice,
  LICENCE_TYPES,
  linkableFields,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  type ServiceField,
  validatePrice,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../api/use-tab-lookups';
import {
  addBaseRule,
  availableBillingFields,
  billingGroups,
  errorAt,
  type IndexedRule,
  parseWholeNumber,
  removeFieldFees,
  removeRule,
  replaceRule,
  ruleControls,
  srpOf,
  withCancellationWindow,
  withContractRenew,
  withPrepaid,
  withRules,
  withSrp,
} from '../utils/billing-form';
import { BillingFieldDnd } from './billing-field-drag';
import type { ServiceTabProps } from './tab-props';

// Mantine's yellow alert title on its light background is below the WCAG AA contrast ratio.
const DARK_TITLE = { title: { color: 'var(--mantine-color-black)' } };

/**
 * [S2.9] The Billing tab: currency tabs over the Base fees table and the Field based fees (one
 * expandable group per field, a fee per value), the service fields that can be added, the Vendor
 * reference field, Price Protection, Minimum contract term and Grace period. Edit mode shows the
 * reseller impact warning and applies the locks of [S4.6]; a complex product shows [S8.6] only.
 */
export function BillingTab({ doc, mode, onChange, errors, showErrors }: ServiceTabProps) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const currencyCodes = (currencies.data ?? []).map((c) => c.CurrencyCode);
  const [currency, setCurrency] = useState<string | null>(null);
  const activeCurrency = currency ?? currencyCodes[0] ?? null;
  const { base, groups } = billingGroups(doc);
  const available = availableBillingFields(doc);
  const err = (path: string) => errorAt(errors, showErrors, path);

  if (doc.IsComplexProduct) {
    return (
      <Alert color="yellow" title={t('serviceToolTabs.billing.title')} styles={DARK_TITLE}>
        {SERVICE_MESSAGES.complexProductBilling}
      </Alert>
    );
  }

  const setRule = (index: number, rule: BillingRule) => onChange(replaceRule(doc, index, rule, mode));
  const priceProtection = doc.PriceProtectionLengthInDays !== null;
  const fees = (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('serviceToolTabs.billing.baseFees')}
          </Title>
          <Group gap="xs">
            {CHARGE_TYPES.map((type) => (
              <Button key={type} size="xs" variant="default" onClick={() => onChange(addBaseRule(doc, type, mode))}>
                {t('serviceToolTabs.billing.addFee', { type: t(`serviceToolTabs.billing.chargeType.${type}`) })}
              </Button>
            ))}
          </Group>
        </Group>
        {base.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('serviceToolTabs.billing.noBaseFees')}
          </Text>
        ) : (
          <RulesTable
            rows={base}
            mode={mode}
            currency={activeCurrency}
            fields={doc.Fields}
            errors={errors}
            showErrors={showErrors}
            onRule={setRule}
            onRemove={(index) => onChange(removeRule(doc, index, mode))}
            label={t('serviceToolTabs.billing.baseFees')}
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('serviceToolTabs.billing.fieldFees')}
        </Title>
        <BillingFieldDnd
          fields={available}
          onAdd={(field) => onChange(withRules(doc, addFieldToBilling(doc.BillingRules, field, 'Monthly'), mode))}
        >
          {groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('serviceToolTabs.billing.noFieldFees')}
            </Text>
          ) : (
            <Accordion multiple variant="contained" chevronPosition="left">
              {groups.map((group) => (
                <Accordion.Item key={group.fieldId} value={group.fieldId}>
                  <Group wrap="nowrap" gap="xs" pr="sm">
                    <Accordion.Control>
                      <Group gap="xs">
                        <Text fw={600}>{group.field?.DisplayName ?? group.fieldId}</Text>
                        <Badge variant="light" color="gray">
                          {t('serviceToolTabs.billing.feeCount', { count: group.rules.length })}
                        </Badge>
                      </Group>
                    </Accordion.Control>
                    {mode === 'create' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onChange(removeFieldFees(doc, group.fieldId, mode))}
                        aria-label={t('serviceToolTabs.billing.removeFieldFees', {
                          name: group.field?.DisplayName ?? group.fieldId,
                        })}
                      >
                        {t('serviceToolTabs.billing.remove')}
                      </Button>
                    )}
                  </Group>
                  <Accordion.Panel>
                    <RulesTable
                      rows={group.rules}
                      mode={mode}
                      currency={activeCurrency}
                      fields={doc.Fields}
                      errors={errors}
                      showErrors={showErrors}
                      onRule={setRule}
                      onRemove={(index) => onChange(removeRule(doc, index, mode))}
                      label={group.field?.DisplayName ?? group.fieldId}
                      showValue
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </BillingFieldDnd>
      </Stack>
    </Stack>
  );

  return (
    <Stack gap="lg">
      {mode === 'edit' && (
        <Alert color="yellow" title={t('serviceToolTabs.billing.resellerImpactTitle')} styles={DARK_TITLE}>
          {t('serviceToolTabs.billing.resellerImpact')}
        </Alert>
      )}
      {err('BillingRules') && (
        <Alert color="red" role="alert">
          {err('BillingRules')}
        </Alert>
      )}
      {currencyCodes.length === 0 && !currencies.isLoading && (
        <Text size="sm" c="dimmed">
          {t('serviceToolTabs.billing.noCurrencies')}
        </Text>
      )}
      {currencyCodes.length > 0 ? (
        <Tabs value={activeCurrency} onChange={setCurrency} variant="outline" keepMounted={false}>
          <Tabs.List aria-label={t('serviceToolTabs.billing.currencies')}>
            {currencyCodes.map((code) => (
              <Tabs.Tab key={code} value={code}>
                {code}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {currencyCodes.map((code) => (
            <Tabs.Panel key={code} value={code} pt="md">
              {fees}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        fees
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Select
          label={t('serviceToolTabs.billing.vendorReference')}
          description={t('serviceToolTabs.billing.vendorReferenceHelp')}
          data={doc.Fields.map((f) => ({ value: f.Id, label: f.DisplayName }))}
          value={doc.VendorReferenceField}
          onChange={(value) => onChange({ ...doc, VendorReferenceField: value })}
          clearable
          error={err('VendorReferenceField')}
          withAsterisk={doc.BillingRules.length > 0 && doc.Fields.length > 0}
        />
        <Stack gap={4}>
          <Checkbox
            label={t('serviceToolTabs.billing.priceProtection')}
            checked={priceProtection}
            onChange={(e) => onChange({ ...doc, PriceProtectionLengthInDays: e.currentTarget.checked ? 30 : null })}
          />
          <NumberInput
            label={t('serviceToolTabs.billing.priceProtectionDays')}
            disabled={!priceProtection}
            value={doc.PriceProtectionLengthInDays ?? ''}
            onChange={(v) => onChange({ ...doc, PriceProtectionLengthInDays: parseWholeNumber(v) ?? 0 })}
            min={0}
            max={SERVICE_LIMITS.contractDaysMax}
            allowDecimal={false}
            allowNegative={false}
            error={err('PriceProtectionLengthInDays')}
          />
        </Stack>
        <NumberInput
          label={t('serviceToolTabs.billing.minimumContract')}
          description={t('serviceToolTabs.billing.daysRange', { max: SERVICE_LIMITS.contractDaysMax })}
          value={doc.MinimumContractPeriodInDays ?? ''}
          onChange={(v) => onChange({ ...doc, MinimumContractPeriodInDays: parseWholeNumber(v) })}
          min={0}
          max={SERVICE_LIMITS.contractDaysMax}
          allowDecimal={false}
          allowNegative={false}
          error={err('MinimumContractPeriodInDays')}
        />
        <NumberInput
          label={t('serviceToolTabs.billing.gracePeriod')}
          description={t('serviceToolTabs.billing.hoursMin')}
          value={doc.GracePeriodInHours ?? ''}
          onChange={(v) => onChange({ ...doc, GracePeriodInHours: parseWholeNumber(v) })}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          error={err('GracePeriodInHours')}
        />
      </SimpleGrid>
    </Stack>
  );
}

interface RulesTableProps {
  rows: IndexedRule[];
  mode: 'create' | 'edit';
  currency: string | null;
  fields: ServiceField[];
  errors: FieldError[];
  showErrors: boolean;
  onRule: (index: number, rule: BillingRule) => void;
  onRemove: (index: number) => void;
  label: string;
  showValue?: boolean;
}

/** [S2.9] A table of fees: one row per rule, with an expandable row of its terms. */
function RulesTable({ rows, mode, currency, fields, errors, showErrors, onRule, onRemove, label, showValue }: RulesTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (index: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const columns = showValue ? 9 : 8;
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('serviceToolTabs.billing.enabled')}</Table.Th>
          {showValue && <Table.Th>{t('serviceToolTabs.billing.value')}</Table.Th>}
          <Table.Th>{t('serviceToolTabs.billing.chargeTypeLabel')}</Table.Th>
          <Table.Th>{t('serviceToolTabs.billing.timeUnit')}</Table.Th>
          <Table.Th>{t('serviceToolTabs.billing.licenceType')}</Table.Th>
          <Table.Th>{t('serviceToolTabs.billing.price')}</Table.Th>
          <Table.Th>{t('serviceToolTabs.billing.srp', { currency: currency ?? '' })}</Table.Th>
          <Table.Th>{t('serviceToolTabs.billing.terms')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('serviceToolTabs.billing.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.flatMap(({ index, rule }) => {
          const c = ruleControls(rule, mode);
          const name = showValue
            ? `${label} = ${rule.Condition?.Value ?? ''} (${rule.ChargeType})`
            : `${rule.ChargeType} ${index + 1}`;
          const at = `BillingRules.${index}`;
          const err = (path: string) => errorAt(errors, showErrors, `${at}.${path}`);
          const srpIndex = rule.SuggestedRetailPrices.findIndex((p) => p.Currency === currency);
          const set = (patch: Partial<BillingRule>) => onRule(index, { ...rule, ...patch });
          return [
            <Table.Tr key={`r${index}`}>
              <Table.Td>
                <Switch
                  checked={rule.enabled}
                  disabled={!c.toggle}
                  onChange={(e) => set({ enabled: e.currentTarget.checked })}
                  aria-label={t('serviceToolTabs.billing.enableFee', { name })}
                />
              </Table.Td>
              {showValue && <Table.Td>{rule.Condition?.Value}</Table.Td>}
              <Table.Td>
                <Select
                  size="xs"
                  w={110}
                  data={CHARGE_TYPES.map((v) => ({ value: v, label: t(`serviceToolTabs.billing.chargeType.${v}`) }))}
                  value={rule.ChargeType}
                  disabled={!c.chargeType}
                  allowDeselect={false}
                  onChange={(v) => v && set({ ChargeType: v as BillingRule['ChargeType'] })}
                  aria-label={t('serviceToolTabs.billing.chargeTypeOf', { name })}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  w={110}
                  data={BILLABLE_TIME_UNITS.map((v) => ({ value: v, label: t(`serviceToolTabs.billing.unit.${v}`) }))}
                  value={rule.BillableTimeUnit}
                  allowDeselect={false}
                  onChange={(v) => v && set({ BillableTimeUnit: v as BillingRule['BillableTimeUnit'] })}
                  aria-label={t('serviceToolTabs.billing.timeUnitOf', { name })}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  w={140}
                  data={[...LICENCE_TYPES]}
                  value={rule.LicenceType}
                  disabled={!c.licenceType}
                  clearable
                  searchable
                  onChange={(v) => set({ LicenceType: v })}
                  aria-label={t('serviceToolTabs.billing.licenceTypeOf', { name })}
                />
              </Table.Td>
              <Table.Td>
                <PriceInput
                  value={rule.Charge}
                  disabled={!c.prices}
                  onChange={(Charge) => set({ Charge })}
                  label={t('serviceToolTabs.billing.priceOf', { name })}
                  error={err('Charge')}
                />
              </Table.Td>
              <Table.Td>
                <PriceInput
                  value={currency ? srpOf(rule, currency) : ''}
                  disabled={!c.prices || !currency}
                  onChange={(text) => currency && onRule(index, withSrp(rule, currency, text))}
                  label={t('serviceToolTabs.billing.srpOf', { name, currency: currency ?? '' })}
                  error={srpIndex >= 0 ? err(`SuggestedRetailPrices.${srpIndex}.Charge`) : undefined}
                  optional
                />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => toggle(index)}
                  aria-expanded={open.has(index)}
                  aria-label={t('serviceToolTabs.billing.termsOf', { name })}
                >
                  {rule.AdvancePaymentConfiguration
                    ? t('serviceToolTabs.billing.prepaidShort')
                    : t('serviceToolTabs.billing.termsButton')}
                </Button>
              </Table.Td>
              <Table.Td>
                {c.remove && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(index)}
                    aria-label={t('serviceToolTabs.billing.removeFee', { name })}
                  >
                    ×
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>,
            <Table.Tr key={`d${index}`} style={open.has(index) ? undefined : { display: 'none' }}>
              <Table.Td colSpan={columns}>
                <Collapse in={open.has(index)}>
                  <RuleTerms rule={rule} mode={mode} fields={fields} name={name} err={err} onRule={(r) => onRule(index, r)} />
                </Collapse>
              </Table.Td>
            </Table.Tr>,
          ];
        })}
      </Table.Tbody>
    </Table>
  );
}

/** [S3.5], [S4.7] A rule's prepaid, contract renew, cancellation window, end-date action and quantity settings. */
function RuleTerms(props: {
  rule: BillingRule;
  mode: 'create' | 'edit';
  fields: ServiceField[];
  name: string;
  err: (path: string) => string | undefined;
  onRule: (rule: BillingRule) => void;
}) {
  const { t } = useTranslation();
  const { rule, mode, err, onRule } = props;
  const c = ruleControls(rule, mode);
  const prepaid = rule.AdvancePaymentConfiguration;
  const set = (patch: Partial<BillingRule>) => onRule({ ...rule, ...patch });
  const endActions = END_DATE_ACTIONS.map((v) => ({ value: v, label: t(`serviceToolTabs.billing.endAction.${v}`) }));
  return (
    <SimpleGrid cols={3} spacing="md" p="xs" aria-label={t('serviceToolTabs.billing.termsOf', { name: props.name })}>
      <Stack gap={6}>
        <Switch
          label={t('serviceToolTabs.billing.advancePayment')}
          checked={prepaid !== null}
          disabled={!c.prepaidSwitch}
          onChange={(e) => onRule(withPrepaid(rule, e.currentTarget.checked))}
        />
        <NumberInput
          size="xs"
          label={t('serviceToolTabs.billing.prepaidMonths')}
          disabled={!c.prepaidDetails}
          value={prepaid?.AdvancePeriodLenghtInMonths ?? ''}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) =>
            prepaid && set({ AdvancePaymentConfiguration: { ...prepaid, AdvancePeriodLenghtInMonths: parseWholeNumber(v) ?? 0 } })
          }
          error={err('AdvancePaymentConfiguration.AdvancePeriodLenghtInMonths')}
        />
        <Checkbox
          size="xs"
          label={t('serviceToolTabs.billing.earlyTermination')}
          disabled={!c.prepaidDetails}
          checked={prepaid?.AllowEarlyTermination ?? false}
          onChange={(e) =>
            prepaid && set({ AdvancePaymentConfiguration: { ...prepaid, AllowEarlyTermination: e.currentTarget.checked } })
          }
        />
        <Select
          size="xs"
          label={t('serviceToolTabs.billing.prepaidEndAction')}
          disabled={!c.prepaidDetails}
          data={endActions}
          value={prepaid?.AdvancePeriodEndDateAction ?? 'Renew'}
          allowDeselect={false}
          onChange={(v) =>
            prepaid &&
            v &&
            set({ AdvancePaymentConfiguration: { ...prepaid, AdvancePeriodEndDateAction: v as 'Renew' | 'Terminate' } })
          }
        />
      </Stack>
      <Stack gap={6}>
        <Switch
          label={t('serviceToolTabs.billing.contractRenew')}
          checked={rule.ContractRenew?.ContractRenewRequired === true}
          disabled={!c.contractRenewSwitch}
          onChange={(e) => onRule(withContractRenew(rule, e.currentTarget.checked))}
        />
        <NumberInput
          size="xs"
          label={t('serviceToolTabs.billing.renewMonths')}
          disabled={!c.contractRenewPeriod}
          value={rule.ContractRenew?.ContractRenewPeriodInMonths ?? ''}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) =>
            rule.ContractRenew &&
            set({ ContractRenew: { ...rule.ContractRenew, ContractRenewPeriodInMonths: parseWholeNumber(v) } })
          }
          error={err('ContractRenew.ContractRenewPeriodInMonths')}
        />
        <Switch
          label={t('serviceToolTabs.billing.cancellationWindow')}
          checked={rule.CancellationWindowInDays !== null}
          disabled={!c.cancellationSwitch}
          onChange={(e) => onRule(withCancellationWindow(rule, e.currentTarget.checked))}
        />
        <NumberInput
          size="xs"
          label={t('serviceToolTabs.billing.cancellationDays')}
          disabled={!c.cancellationDays}
          value={rule.CancellationWindowInDays ?? ''}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => set({ CancellationWindowInDays: parseWholeNumber(v) ?? 0 })}
          error={err('CancellationWindowInDays')}
        />
      </Stack>
      <Stack gap={6}>
        <Select
          size="xs"
          label={t('serviceToolTabs.billing.endDateAction')}
          data={endActions}
          value={rule.EndDateAction}
          allowDeselect={false}
          onChange={(v) => v && set({ EndDateAction: v as 'Renew' | 'Terminate' })}
        />
        <Select
          size="xs"
          label={t('serviceToolTabs.billing.quantityField')}
          data={linkableFields(props.fields).map((f) => ({ value: f.Id, label: f.DisplayName }))}
          value={rule.UdrcField}
          clearable
          disabled={mode === 'edit'}
          onChange={(v) => set({ UdrcField: v })}
          error={err('UdrcField')}
        />
        <TextInput
          size="xs"
          label={t('serviceToolTabs.billing.vendorSku')}
          value={rule.VendorSku ?? ''}
          onChange={(e) => set({ VendorSku: e.currentTarget.value || null })}
        />
        {rule.Condition?.Value ? (
          <TextInput
            size="xs"
            label={t('serviceToolTabs.billing.orderReviewMessage')}
            value={rule.OrderReviewMessage ?? ''}
            onChange={(e) => set({ OrderReviewMessage: e.currentTarget.value || null })}
          />
        ) : null}
      </Stack>
    </SimpleGrid>
  );
}

/**
 * [S5.13] A price as a decimal string: up to 6 decimals, shown with at least 2 once the input is
 * left (when valid).
 */
function PriceInput(props: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
  label: string;
  error?: string;
  optional?: boolean;
}) {
  const [focused, setFocused] = useState(false);
  const shown = !focused && props.value !== '' && validatePrice(props.value) === null ? formatPrice(props.value) : props.value;
  const invalid = props.value !== '' && validatePrice(props.value) !== null;
  return (
    <TextInput
      size="xs"
      w={110}
      inputMode="decimal"
      value={shown}
      disabled={props.disabled}
      aria-label={props.label}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        if (props.value !== '' && validatePrice(props.value) === null) props.onChange(formatPrice(props.value));
      }}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error ?? (invalid ? SERVICE_MESSAGES.price : undefined)}
    />
  );
}
