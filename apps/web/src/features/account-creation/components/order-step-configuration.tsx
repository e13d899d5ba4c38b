import { Loader, Stack, Text, Title } from '@mantine/core';
import type { FieldValue, LayoutPage, View } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm, preloadFieldInputs } from '../../../components/dynamic-form/dynamic-form';
import { ReadableAlert } from '../../../components/ui/readable-alert';

/** One service's part of the configuration: its layout pages drawn by the one form engine. */
export interface ConfigurationPart {
  /** Names the part's fields apart from the other part's (both are Product views). */
  id: 'service' | 'dependency';
  title: string | null;
  pages: readonly LayoutPage[] | null;
  views: Readonly<Record<string, View>>;
  values: Readonly<Record<string, FieldValue>>;
  errors: Readonly<Record<string, string>>;
  loadError: string | null;
  onChange: (key: string, value: FieldValue) => void;
  onBlur: (key: string) => void;
}

/**
 * [M2.46] Step 2: 'Fill in details about {service} for {customer}': the service's field containers and, when the
 * customer does not have it yet, its dependency's, each with its limits shown before NEXT.
 */
export function OrderStepConfiguration(props: {
  serviceName: string;
  customerName: string;
  parts: readonly ConfigurationPart[];
  showValidation: boolean;
  message: string | null;
}) {
  // Its form is in edit mode: the inputs' code is fetched now, beside the rest of the step.
  preloadFieldInputs();
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={3} size="h4">
        {t('ordering.configuration.title', { service: props.serviceName, customer: props.customerName })}
      </Title>
      {props.showValidation && (
        <ReadableAlert color="red" role="alert" title={t('accountCreate.validationTitle')}>
          {t('accountCreate.validationText')}
        </ReadableAlert>
      )}
      {props.parts.map((part) => (
        <Stack
          key={part.id}
          gap="sm"
          component="section"
          aria-label={part.title ?? props.serviceName}
          data-testid={`configuration-${part.id}`}
        >
          {part.title && (
            <Title order={4} size="h5">
              {part.title}
            </Title>
          )}
          {part.loadError ? (
            <ReadableAlert color="red" role="alert">
              {part.loadError}
            </ReadableAlert>
          ) : part.pages === null ? (
            <Loader aria-label={t('app.loading')} />
          ) : part.pages.length === 0 ? (
            <Text c="dimmed">{t('ordering.configuration.noFields')}</Text>
          ) : (
            part.pages.map((page) => (
              <DynamicForm
                key={page.Name}
                page={page}
                views={part.views}
                mode="edit"
                showLimits
                values={part.values}
                errors={part.errors}
                onChange={part.onChange}
                onBlur={part.onBlur}
              />
            ))
          )}
        </Stack>
      ))}
      {props.message && (
        // [A8.8] The pricing check's message about these values.
        <ReadableAlert color="red" role="alert" title={t('accountCreate.review.invalid')}>
          {props.message}
        </ReadableAlert>
      )}
    </Stack>
  );
}
