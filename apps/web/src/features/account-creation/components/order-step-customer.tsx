import { Anchor, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FieldValue, OrderCustomer, VisibleCompany } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicForm, preloadFieldInputs } from '../../../components/dynamic-form/dynamic-form';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreateViews } from '../api/use-create-account';
import { useCreateCustomer } from '../api/use-ordering';
import { CUSTOMER_INFO_FIELDS, formErrors } from '../utils/ordering-steps';
import { serverErrorKey, viewsForCreate, withDefaults } from '../utils/wizard-steps';
import { errorMessage } from './step-terms';

/** [M2.45] [M2.48] The customer's fields, in two columns. */
export function CustomerInfo({ customer, label }: { customer: OrderCustomer; label: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Title order={3} size="h5" mb="xs">
        {label}
      </Title>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="xs" component="dl" m={0}>
        {CUSTOMER_INFO_FIELDS.map((field) => (
          <div key={field}>
            <Text component="dt" size="xs" c="dimmed" fw={500}>
              {t(`ordering.customer.fields.${field}`)}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ wordBreak: 'break-word' }} data-field={field}>
              {customer[field] === '' ? t('form.empty') : customer[field]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * [M2.45] [M5.13] CREATE NEW: the new customer's own fields (the Company type's layout under the caller's
 * reseller), grouped in their containers, with BACK and CREATE CUSTOMER, which is possible only when every field
 * is valid. The created company becomes the chosen customer.
 */
function NewCustomerForm(props: {
  parentId: number;
  serviceName: string;
  onBack: () => void;
  onCreated: (company: VisibleCompany) => void;
}) {
  const { t } = useTranslation();
  const viewsQuery = useCreateViews('Company', props.parentId);
  const create = useCreateCustomer(props.serviceName);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const data = viewsQuery.data;
  useEffect(() => {
    if (!data) return;
    setValues((prev) => withDefaults(prev, data.Views));
  }, [data]);
  const pages = data?.Layout.Pages ?? [];
  const views = data?.Views ?? {};
  const errors = useMemo(() => formErrors(pages, views, values), [pages, views, values]);
  const visible = Object.fromEntries(
    Object.entries({ ...errors, ...serverErrors }).filter(([key]) => showAll || touched.has(key) || key in serverErrors),
  );
  const isValid = Object.keys(errors).length === 0;

  const handleCreate = () => {
    if (!isValid) {
      setShowAll(true);
      return;
    }
    create.mutate(
      {
        accountType: 'Company',
        parentId: props.parentId,
        productName: null,
        views: viewsForCreate(views, values),
        scheduledDate: null,
      },
      {
        onSuccess: (created) =>
          props.onCreated({ ChildAccountId: created.AccountId, DisplayName: created.DisplayName, ParentDisplayName: null }),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length > 0)
            setServerErrors(Object.fromEntries(error.fieldErrors.map((e) => [serverErrorKey(e.field), e.message])));
        },
      },
    );
  };

  const failure =
    errorMessage(viewsQuery.error) ??
    (create.error && !(create.error instanceof ApiError && create.error.fieldErrors.length > 0) ? create.error.message : null);
  return (
    <Stack component="section" aria-labelledby="new-customer-title">
      <Title order={3} size="h5" id="new-customer-title">
        {t('ordering.customer.newTitle')}
      </Title>
      {viewsQuery.isPending && <Loader aria-label={t('app.loading')} />}
      {showAll && !isValid && (
        <ReadableAlert color="red" role="alert" title={t('accountCreate.validationTitle')}>
          {t('accountCreate.validationText')}
        </ReadableAlert>
      )}
      {pages.map((page) => (
        <DynamicForm
          key={page.Name}
          page={page}
          views={views}
          mode="edit"
          showLimits
          values={values}
          errors={visible}
          onChange={(key, value) => {
            setValues((prev) => ({ ...prev, [key]: value }));
            setServerErrors((prev) => {
              if (!(key in prev)) return prev;
              const { [key]: _, ...rest } = prev;
              return rest;
            });
          }}
          onBlur={(key) => setTouched((prev) => new Set(prev).add(key))}
        />
      ))}
      {failure && (
        <ReadableAlert color="red" role="alert" title={t('ordering.customer.createFailed')}>
          {failure}
        </ReadableAlert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onBack} disabled={create.isPending}>
          {t('ordering.back')}
        </Button>
        <Button onClick={handleCreate} loading={create.isPending} disabled={!data}>
          {t('ordering.customer.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * [M2.45] Step 1: 'Select customer' among the companies that may buy the service; CREATE NEW only when the user
 * may create customers here [M6.14]; the chosen customer's fields below.
 */
export function OrderStepCustomer(props: {
  serviceName: string;
  companies: readonly VisibleCompany[];
  isLoading: boolean;
  loadError: string | null;
  canCreateCustomer: boolean;
  customerParentId: number | null;
  customerId: number | null;
  onChange: (customer: VisibleCompany | null) => void;
  customer: OrderCustomer | null;
  customerError: string | null;
  isCreating: boolean;
  onCreating: (creating: boolean) => void;
}) {
  // Its form is in edit mode: the inputs' code is fetched now, beside the rest of the step.
  preloadFieldInputs();
  const { t } = useTranslation();
  if (props.isCreating && props.customerParentId !== null)
    return (
      <NewCustomerForm
        parentId={props.customerParentId}
        serviceName={props.serviceName}
        onBack={() => props.onCreating(false)}
        onCreated={(company) => {
          props.onCreating(false);
          props.onChange(company);
        }}
      />
    );
  return (
    <Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('ordering.customer.select')}
          placeholder={props.isLoading ? t('app.loading') : t('ordering.customer.placeholder')}
          searchable
          nothingFoundMessage={t('ordering.customer.noMatch')}
          data={props.companies.map((c) => ({
            value: String(c.ChildAccountId),
            label: c.DisplayName,
          }))}
          value={props.customerId === null ? null : String(props.customerId)}
          onChange={(value) => props.onChange(props.companies.find((c) => String(c.ChildAccountId) === value) ?? null)}
          rightSection={props.isLoading ? <Loader size="xs" /> : undefined}
          w={{ base: '100%', sm: 420 }}
        />
        {props.canCreateCustomer && (
          // [M6.14] Only a reseller's user who may create companies creates a customer here.
          <Anchor component="button" type="button" fw={600} mb={8} onClick={() => props.onCreating(true)}>
            {t('ordering.customer.createNew')}
          </Anchor>
        )}
      </Group>
      {!props.isLoading && !props.loadError && props.companies.length === 0 && (
        <Text c="dimmed" size="sm">
          {props.canCreateCustomer ? t('ordering.customer.noneCanCreate') : t('ordering.customer.none')}
        </Text>
      )}
      {props.loadError && (
        <ReadableAlert color="red" role="alert">
          {props.loadError}
        </ReadableAlert>
      )}
      {props.customerId !== null && props.customer === null && !props.customerError && (
        <Loader size="sm" aria-label={t('app.loading')} />
      )}
      {props.customer && <CustomerInfo customer={props.customer} label={t('ordering.customer.info')} />}
      {props.customerError && (
        <ReadableAlert color="red" role="alert">
          {props.customerError}
        </ReadableAlert>
      )}
    </Stack>
  );
}
