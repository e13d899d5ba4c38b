import { Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import type { CreateAccountType, FieldValue } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/dynamic-form/dynamic-form';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreateAccount, useCreateViews } from '../api/use-create-account';
import {
  lastEnabledStep,
  PARENT_STEP,
  pageErrors,
  pageFieldKeys,
  serverErrorKey,
  stepOfField,
  viewsForCreate,
} from '../utils/wizard-steps';
import { CreateSuccess, type CreateSuccessLinks } from './create-success';
import { type ChosenParent, StepParent } from './step-parent';

export interface CreateAccountWizardProps {
  type: CreateAccountType;
  /** [A2.9] parentId from the address: the parent step starts with it chosen. */
  initialParentId: number | null;
  canReadOrders: boolean;
  links: CreateSuccessLinks;
  onClose: () => void;
}

/**
 * [A2.39], [A2.40] The creation wizard for a Company, Reseller, Department or User: select parent, then one step
 * per layout page, then Finish creates the account [A7.13] and shows the success page [A2.44]. Later steps stay
 * disabled until earlier ones are valid, and changing the parent disables the steps after it [A4.10].
 */
export function CreateAccountWizard(props: CreateAccountWizardProps) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<ChosenParent | null>(
    props.initialParentId ? { AccountId: props.initialParentId, AccountType: '', DisplayName: '' } : null,
  );
  const [active, setActive] = useState(PARENT_STEP);
  const [reached, setReached] = useState(PARENT_STEP);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [shownSteps, setShownSteps] = useState<ReadonlySet<number>>(() => new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const viewsQuery = useCreateViews(props.type, parent?.AccountId ?? null);
  const create = useCreateAccount();
  const data = viewsQuery.data;

  // Defaults of the chosen parent fill the fields the user has not filled yet; the parent's name completes a
  // parent that came from the address.
  useEffect(() => {
    if (!data) return;
    setValues((prev) => {
      const next = { ...prev };
      for (const view of Object.values(data.Views))
        for (const [name, value] of Object.entries(view.Values)) {
          const key = `${view.Name}.${name}`;
          if (next[key] === undefined || next[key] === null || next[key] === '') next[key] = value;
        }
      return next;
    });
    setParent((prev) =>
      prev && prev.AccountId === data.Parent.AccountId && prev.DisplayName === ''
        ? { AccountId: data.Parent.AccountId, AccountType: data.Parent.AccountType, DisplayName: data.Parent.DisplayName }
        : prev,
    );
  }, [data]);

  const pages = data?.Layout.Pages ?? [];
  const views = data?.Views ?? {};
  const errorsByPage = useMemo(() => pages.map((page) => pageErrors(page, views, values)), [pages, views, values]);
  const lastEnabled = lastEnabledStep({
    hasParent: parent !== null && viewsQuery.isSuccess,
    pageValid: errorsByPage.map((e) => Object.keys(e).length === 0),
    reached,
  });
  const parentError =
    serverErrors.parentId ??
    (viewsQuery.error instanceof ApiError
      ? (viewsQuery.error.fieldErrors[0]?.message ?? viewsQuery.error.message)
      : (viewsQuery.error?.message ?? null));
  const isLast = active === pages.length && active > PARENT_STEP;

  const showStep = (step: number) => setShownSteps((prev) => new Set(prev).add(step));
  const goTo = (step: number) => {
    setActive(step);
    setReached((r) => Math.max(r, step));
  };

  const handleParent = (next: ChosenParent | null) => {
    setParent(next);
    setServerErrors({});
    // [A4.10] A new parent disables every step after it until the user walks through them again.
    setReached(PARENT_STEP);
  };

  const handleNext = () => {
    if (active === PARENT_STEP) {
      if (lastEnabled > PARENT_STEP) goTo(1);
      return;
    }
    const errors = errorsByPage[active - 1] ?? {};
    if (Object.keys(errors).length > 0) {
      showStep(active);
      return;
    }
    goTo(active + 1);
  };

  const handleFinish = () => {
    if (!parent || !data) return;
    const invalid = errorsByPage.findIndex((e) => Object.keys(e).length > 0);
    if (invalid >= 0) {
      showStep(invalid + 1);
      setActive(invalid + 1);
      return;
    }
    create.mutate(
      { accountType: props.type, parentId: parent.AccountId, views: viewsForCreate(views, values) },
      {
        onError: (error) => {
          if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
          const mapped = Object.fromEntries(error.fieldErrors.map((e) => [serverErrorKey(e.field), e.message]));
          setServerErrors(mapped);
          const steps = Object.keys(mapped).map((key) => stepOfField(key, pages, views));
          for (const step of steps) showStep(step);
          setActive(Math.min(...steps));
        },
      },
    );
  };

  if (create.data) {
    return (
      <CreateSuccess
        created={create.data}
        parentName={parent?.DisplayName ?? ''}
        canReadOrders={props.canReadOrders}
        links={props.links}
        onClose={props.onClose}
      />
    );
  }

  const page = active > PARENT_STEP ? pages[active - 1] : undefined;
  const visibleErrors: Record<string, string> = {};
  if (page) {
    const own = errorsByPage[active - 1] ?? {};
    for (const key of pageFieldKeys(page, views)) {
      const message = serverErrors[key] ?? own[key];
      if (message && (shownSteps.has(active) || touched.has(key) || serverErrors[key])) visibleErrors[key] = message;
    }
  }
  const generalError =
    create.error && !(create.error instanceof ApiError && create.error.fieldErrors.length > 0) ? create.error.message : null;

  return (
    <Stack gap="md" style={{ flex: 1 }}>
      <Stepper
        active={active}
        onStepClick={(step) => step <= lastEnabled && setActive(step)}
        size="sm"
        aria-label={t('accountCreate.steps.label')}
      >
        <Stepper.Step label={t('accountCreate.steps.parent')} />
        {pages.map((p, i) => (
          <Stepper.Step
            key={p.Name}
            label={p.DisplayName}
            allowStepSelect={i + 1 <= lastEnabled}
            disabled={i + 1 > lastEnabled}
          />
        ))}
      </Stepper>
      {active === PARENT_STEP ? (
        <StepParent type={props.type} parent={parent} onChange={handleParent} error={parent ? parentError : null} />
      ) : page ? (
        <>
          {shownSteps.has(active) && Object.keys(visibleErrors).length > 0 && (
            // [A8.9] The spec's message above the fields that need attention.
            <ReadableAlert color="red" role="alert" title={t('accountCreate.validationTitle')}>
              {t('accountCreate.validationText')}
            </ReadableAlert>
          )}
          <DynamicForm
            page={page}
            views={views}
            mode="edit"
            values={values}
            errors={visibleErrors}
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
        </>
      ) : (
        <Loader aria-label={t('app.loading')} />
      )}
      {generalError && (
        <ReadableAlert color="red" role="alert" title={t('accountCreate.failed')}>
          {generalError}
        </ReadableAlert>
      )}
      <Group justify="space-between" mt="auto">
        <Button variant="default" onClick={props.onClose}>
          {t('accountCreate.cancel')}
        </Button>
        <Group>
          {active > PARENT_STEP && (
            <Button variant="default" onClick={() => setActive(active - 1)} disabled={create.isPending}>
              {t('accountCreate.back')}
            </Button>
          )}
          {isLast ? (
            <Button onClick={handleFinish} loading={create.isPending}>
              {t('accountCreate.finish')}
            </Button>
          ) : (
            <Button
              onClick={handleNext}
              disabled={active === PARENT_STEP && lastEnabled === PARENT_STEP}
              loading={active === PARENT_STEP && parent !== null && viewsQuery.isFetching}
            >
              {t('accountCreate.next')}
            </Button>
          )}
        </Group>
      </Group>
      {active === PARENT_STEP && parent === null && (
        <Text size="xs" c="dimmed">
          {t('accountCreate.parent.required')}
        </Text>
      )}
    </Stack>
  );
}
