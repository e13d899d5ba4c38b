import { Box, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import type { FieldDefinition, FieldValue, LayoutContainer, LayoutPage, View } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, PartLoader } from '../ui/lazy-part';

// The inputs (Select, Checkbox, PasswordInput, Textarea) are fetched when a form is first edited: an account page opens
// read-only. Pointing at or focusing Edit fetches them before (`preloadFieldInputs`), and so does opening a page whose
// form starts in edit mode (a wizard, a custom action calls it when first drawn).
const FieldInput = lazyPart(() => import('./field-input'), 'FieldInput', { fallback: <PartLoader size="sm" /> });

/** Starts fetching the inputs of edit mode (once). */
export const preloadFieldInputs = FieldInput.preload;

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
