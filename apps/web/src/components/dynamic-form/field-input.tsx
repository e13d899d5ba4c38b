import { Checkbox, PasswordInput, Select, Textarea, TextInput } from '@mantine/core';
import type { FieldDefinition, FieldValue } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

export interface FieldInputProps {
  def: FieldDefinition;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  showLimit: boolean;
}

/** The field's input mask and, when asked for, its length limit: what the field accepts, said before Next. */
function fieldDescription(def: FieldDefinition, showLimit: boolean, limitText: (max: number) => string): string | undefined {
  const limit =
    showLimit && def.MaxLength !== null && def.DisplayType !== 'Select' && def.DisplayType !== 'Checkbox'
      ? limitText(def.MaxLength)
      : null;
  const parts = [def.InputMask, limit].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

export function FieldInput({ def, value, error, onChange, onBlur, showLimit }: FieldInputProps) {
  const { t } = useTranslation();
  const common = {
    label: def.DisplayName,
    required: def.IsRequired,
    error,
    onBlur,
    description: fieldDescription(def, showLimit, (max) => t('form.maxLength', { count: max })),
    name: `${def.AccountViewName}.${def.Name}`,
  };
  const text = value === null || value === undefined ? '' : String(value);
  switch (def.DisplayType) {
    case 'TextArea':
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={2}
          maxLength={def.MaxLength ?? undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'Select':
      return (
        <Select
          {...common}
          value={text || null}
          placeholder={t('form.choose')}
          data={def.Options.map((o) => ({ value: o.Value, label: o.DisplayName }))}
          clearable={!def.IsRequired}
          allowDeselect={!def.IsRequired}
          onChange={(v) => onChange(v)}
        />
      );
    case 'Checkbox':
      return <Checkbox {...common} mt="lg" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'Password':
      return (
        <PasswordInput
          {...common}
          value={text}
          autoComplete="new-password"
          maxLength={def.MaxLength ?? undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={
            def.DisplayType === 'Email'
              ? 'email'
              : def.DisplayType === 'Date'
                ? 'date'
                : def.DisplayType === 'Phone'
                  ? 'tel'
                  : 'text'
          }
          inputMode={
            def.DisplayType === 'Number'
              ? 'numeric'
              : def.DisplayType === 'Decimal' || def.DisplayType === 'Currency'
                ? 'decimal'
                : undefined
          }
          value={text}
          maxLength={def.MaxLength ?? undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
