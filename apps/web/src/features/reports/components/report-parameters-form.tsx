import { Button, Group, Select, TextInput } from '@mantine/core';
import type { ReportParameter } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field';
import { parseTypedDate, toTypedDate } from '../utils/report-dates';

export interface ReportParametersFormProps {
  parameters: ReportParameter[];
  /** The values to start from, by parameter Name (dates as yyyy-MM-dd): the kept run's, else the defaults. */
  initial: Record<string, string>;
  isBusy: boolean;
  /** Errors the server named, by parameter Name. */
  serverErrors: Record<string, string>;
  onExecute: (values: Record<string, string>) => void;
}

/** The fields a date parameter is typed in (dd/MM/yyyy) and the others as they are. */
const typedValues = (parameters: ReportParameter[], values: Record<string, string>) =>
  Object.fromEntries(
    parameters.map((p) => {
      const value = values[p.Name] ?? p.Default ?? '';
      return [p.Name, p.DisplayTemplate === 'Date' ? toTypedDate(value) : value];
    }),
  );

/**
 * [M2.53] A server report's extra parameter fields with the Execute button; From/To dates are typed as dd/MM/yyyy or
 * picked from the shared date field's calendar, and sent as yyyy-MM-dd [M5.15]. A date that is no day, or a To before the From, is named on its field and nothing is run.
 */
export function ReportParametersForm({ parameters, initial, isBusy, serverErrors, onExecute }: ReportParametersFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => typedValues(parameters, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const sent: Record<string, string> = {};
    for (const p of parameters) {
      const value = (values[p.Name] ?? '').trim();
      if (!value) continue;
      if (p.DisplayTemplate === 'Date') {
        const day = parseTypedDate(value);
        if (day) sent[p.Name] = day;
        else found[p.Name] = t('dateField.invalid', { field: p.DisplayName });
      } else {
        sent[p.Name] = value;
      }
    }
    const from = parameters.find((p) => p.Name === 'From' && p.DisplayTemplate === 'Date');
    const to = parameters.find((p) => p.Name === 'To' && p.DisplayTemplate === 'Date');
    if (from && to && sent.From && sent.To && sent.To < sent.From) {
      found.To = t('reports.params.toBeforeFrom', { to: to.DisplayName, from: from.DisplayName });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onExecute(sent);
  };

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('reports.params.formLabel')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {parameters.map((p) => {
          const error = errors[p.Name] ?? serverErrors[p.Name];
          if (p.DisplayTemplate === 'Enum') {
            return (
              <Select
                key={p.Name}
                label={p.DisplayName}
                data={p.EnumMembers}
                value={values[p.Name] || null}
                onChange={(v) => set(p.Name, v ?? '')}
                clearable={p.Default === null}
                allowDeselect={p.Default === null}
                error={error}
                w={{ base: '100%', xs: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
            );
          }
          if (p.DisplayTemplate === 'Date') {
            return (
              <DateField
                key={p.Name}
                label={p.DisplayName}
                value={values[p.Name] ?? ''}
                onChange={(text) => set(p.Name, text)}
                error={error}
                w={{ base: '100%', xs: 180 }}
                data-date={p.Name}
              />
            );
          }
          return (
            <TextInput
              key={p.Name}
              label={p.DisplayName}
              value={values[p.Name] ?? ''}
              onChange={(e) => set(p.Name, e.currentTarget.value)}
              autoComplete="off"
              error={error}
              w={{ base: '100%', xs: 220 }}
            />
          );
        })}
        <Button type="submit" loading={isBusy} mt={{ base: 0, xs: 25 }}>
          {t('reports.params.execute')}
        </Button>
      </Group>
    </form>
  );
}
