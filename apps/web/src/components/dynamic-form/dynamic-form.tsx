import {
  Box,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { FieldDefinition, FieldValue, LayoutContainer, LayoutPage, View } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type FormMode = 'view' | 'edit';

export interface DynamicFormProps {
  page: LayoutPage;
  views: Readonly<Record<string, View>>;
  mode: FormMode;
  /** Current values keyed "View.Name" (edited values in edit mode). */
  values: Readonly<Record<string, FieldValue>>;
  /** Messages keyed "View.Name". */
  errors: Readonly<Record<string, string>>;
  onChange: (key: string, value: FieldValue) => void;
  onBlur?: (key: string) => void;
  /** In edit mode, say each text field's length limit under it ("At most 250 characters"), before it is exceeded. */
  showLimits?: boolean;
}

export const fieldKey = (view: string, name: string) => `${view}.${name}`;

/**
 * Draws one layout page from field definitions: containers that expand, collapse or hide, fields
 * read-only in view mode and inputs in edit mode. Every field layout in the product uses it.
 */
export function DynamicForm(props: DynamicFormProps) {
  const { t } = useTranslation();
  const visible = props.page.Containers.filter((c) => c.State !== 'Hidden');
  if (visible.length === 0) return <Text c="dimmed">{t('account.emptyPage')}</Text>;
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {visible.map((container) => (
        <FormContainer key={container.Name} container={container} {...props} />
      ))}
    </Box>
  );
}

function FormContainer(props: DynamicFormProps & { container: LayoutContainer }) {
  const { t } = useTranslation();
  const { container } = props;
  const [isOpen, setIsOpen] = useState(container.State !== 'Collapsed');
  const bodyId = useId();
  const fields = container.Fields.map((f) => ({
    ref: f,
    def: props.views[f.View]?.FieldDefinitions.find((d) => d.Name === f.Name),
  })).filter((f): f is { ref: { View: string; Name: string }; def: FieldDefinition } => f.def !== undefined);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={container.DisplayName}>
      <Group justify="space-between" mb={isOpen ? 'sm' : 0}>
        <Title order={3} size="h5">
          <UnstyledButton
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onClick={() => setIsOpen((v) => !v)}
            aria-label={
              isOpen
                ? t('account.collapse', { name: container.DisplayName })
                : t('account.expand', { name: container.DisplayName })
            }
          >
            <span aria-hidden style={{ display: 'inline-block', width: 18 }}>
              {isOpen ? '▾' : '▸'}
            </span>
            {container.DisplayName}
          </UnstyledButton>
        </Title>
      </Group>
      <div id={bodyId} hidden={!isOpen}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {fields.map(({ ref, def }) => {
            const key = fieldKey(ref.View, ref.Name);
            return props.mode === 'edit' && !def.IsReadOnly ? (
              <FieldInput
                key={key}
                def={def}
                value={props.values[key] ?? null}
                error={props.errors[key]}
                onChange={(v) => props.onChange(key, v)}
                onBlur={() => props.onBlur?.(key)}
                showLimit={props.showLimits === true}
              />
            ) : (
              <FieldDisplay key={key} def={def} text={props.views[ref.View]?.DisplayValues[ref.Name] ?? ''} />
            );
          })}
        </SimpleGrid>
      </div>
    </Paper>
  );
}

function FieldDisplay({ def, text }: { def: FieldDefinition; text: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {def.DisplayName}
      </Text>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        data-field={`${def.AccountViewName}.${def.Name}`}
      >
        {text === '' ? t('form.empty') : text}
      </Text>
    </div>
  );
}

interface FieldInputProps {
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

function FieldInput({ def, value, error, onChange, onBlur, showLimit }: FieldInputProps) {
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
