import { Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import type { CreateAccountType, FieldValue, OperationOutput, ValidateCreateOrderBottleneck } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicForm, preloadFieldInputs } from '../../../components/dynamic-form/dynamic-form';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreateAccount, useCreateViews, useServicesForCreate, useValidateBottleneck } from '../api/use-create-account';
import { useScheduledDate } from '../hooks/use-scheduled-date';
import {
  lastEnabledStep,
  PARENT_STEP,
  pageErrors,
  pageFieldKeys,
  serverErrorKey,
  stepOfField,
  viewsForCreate,
  type WizardStep,
  withDefaults,
  wizardSteps,
} from '../utils/wizard-steps';
import { CreateSuccess, type CreateSuccessLinks } from './create-success';
import { type ChosenParent, StepParent } from './step-parent';
import { StepReview } from './step-review';
import { StepService } from './step-service';
import { StepTerms } from './step-terms';

export interface CreateAccountWizardProps {
  type: CreateAccountType;
  /**
   * [A2.9] parentId from the address: the parent step starts with it chosen. For a service it is the user whose
   * page opened the wizard, and the wizard is ProductShort [A2.42]: no parent step.
   */
  initialParentId: number | null;
  /** A suggested service [A2.44]: the service step starts with it chosen. */
  initialProductName: string | null;
  canReadOrders: boolean;
  links: CreateSuccessLinks;
  onClose: () => void;
}

type Review = OperationOutput<typeof ValidateCreateOrderBottleneck>;

/**
 * [A2.39], [A2.40], [A2.41] The creation wizard: select parent; for a Product (a service) select service and its
 * terms; one step per layout page; for a Product an order review after the bottleneck check. ProductShort [A2.42]:
 * a service for the user given by the address starts at the service step. Finish creates the
 * account [A7.13] and shows the success page [A2.44]. Later steps stay disabled until earlier ones are valid, and
 * changing the parent or service disables the steps after it [A4.10].
 */
export function CreateAccountWizard(props: CreateAccountWizardProps) {
  // Its form is in edit mode: the inputs' code is fetched now, beside the rest of the step.
  preloadFieldInputs();
  const { t } = useTranslation();
  const isProduct = props.type === 'Product';
  const short = isProduct && props.initialParentId !== null;
  const [parent, setParent] = useState<ChosenParent | null>(
    props.initialParentId ? { AccountId: props.initialParentId, AccountType: '', DisplayName: '' } : null,
  );
  const [productName, setProductName] = useState<string | null>(props.initialProductName);
  const [active, setActive] = useState(PARENT_STEP);
  const [reached, setReached] = useState(PARENT_STEP);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [shownSteps, setShownSteps] = useState<ReadonlySet<number>>(() => new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<Review | null>(null);
  const [bottleneckMessage, setBottleneckMessage] = useState<string | null>(null);
  const viewsQuery = useCreateViews(props.type, parent?.AccountId ?? null, isProduct ? productName : null);
  const create = useCreateAccount();
  const bottleneck = useValidateBottleneck();
  const data = viewsQuery.data;
  // For a service the parent is checked (and named) by the service list, before any service is chosen.
  const servicesQuery = useServicesForCreate(isProduct ? (parent?.AccountId ?? null) : null, '');
  const checkedParent = isProduct ? servicesQuery.data?.Parent : data?.Parent;

  // Defaults fill the fields the user has not filled yet; the parent's name completes a parent from the address.
  useEffect(() => {
    if (!data) return;
    setValues((prev) => withDefaults(prev, data.Views));
  }, [data]);
  useEffect(() => {
    if (!checkedParent) return;
    setParent((prev) =>
      prev && prev.AccountId === checkedParent.AccountId && prev.DisplayName === ''
        ? { AccountId: checkedParent.AccountId, AccountType: checkedParent.AccountType, DisplayName: checkedParent.DisplayName }
        : prev,
    );
  }, [checkedParent]);

  const pages = data?.Layout.Pages ?? [];
  const views = data?.Views ?? {};
  const steps = wizardSteps(isProduct, pages.length, { short });
  const errorsByPage = useMemo(() => pages.map((page) => pageErrors(page, views, values)), [pages, views, values]);
  const isValid = (step: WizardStep): boolean => {
    if (step.kind === 'parent') return parent !== null && (isProduct ? servicesQuery.isSuccess : viewsQuery.isSuccess);
    // ProductShort has no parent step: the service list's check of the parent counts here.
    if (step.kind === 'service') return productName !== null && viewsQuery.isSuccess && servicesQuery.isSuccess;
    if (step.kind === 'terms') return viewsQuery.isSuccess && (data?.Terms === null || data?.Terms?.Accepted === true);
    if (step.kind === 'page') return Object.keys(errorsByPage[step.page] ?? {}).length === 0;
    return review?.Valid === true;
  };
  const valid = steps.map(isValid);
  const lastEnabled = lastEnabledStep({ valid, reached });
  const messageOf = (error: Error | null) =>
    error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);
  const viewsError = messageOf(viewsQuery.error);
  const parentError = serverErrors.parentId ?? (parent ? messageOf(isProduct ? servicesQuery.error : viewsQuery.error) : null);
  const step = steps[active];
  const lastPageStep = steps.reduce((last, s, index) => (s.kind === 'page' ? index : last), -1);
  const isFinishStep = active === steps.length - 1 && (isProduct ? step?.kind === 'review' : step?.kind === 'page');

  const showStep = (index: number) => setShownSteps((prev) => new Set(prev).add(index));
  const goTo = (index: number) => {
    setActive(index);
    setReached((r) => Math.max(r, index));
  };

  const handleParent = (next: ChosenParent | null) => {
    setParent(next);
    setServerErrors({});
    setReview(null);
    // [A4.10] A new parent disables every step after it until the user walks through them again.
    setReached(PARENT_STEP);
  };
  const handleService = (next: string) => {
    setProductName(next);
    setServerErrors({});
    setReview(null);
    // [A4.10] A new service disables the steps after it, except the terms step: it opens once a service is chosen.
    setReached(steps.findIndex((s) => s.kind === 'terms'));
  };

  const viewsForServer = () => viewsForCreate(views, values);

  const handleNext = () => {
    if (!step) return;
    if (step.kind === 'page') {
      const errors = errorsByPage[step.page] ?? {};
      if (Object.keys(errors).length > 0) {
        showStep(active);
        return;
      }
      if (isProduct && active === lastPageStep && parent && productName) {
        // [A4.10] [A8.8] Opening the order review first runs the bottleneck check; its message stays on this page.
        setBottleneckMessage(null);
        bottleneck.mutate(
          { parentId: parent.AccountId, productName, views: viewsForServer(), dependency: null },
          {
            onSuccess: (result) => {
              setReview(result);
              if (result.Valid) goTo(active + 1);
              else setBottleneckMessage(result.InvalidMessageRef);
            },
          },
        );
        return;
      }
    } else if (!valid[active]) return;
    goTo(active + 1);
  };

  // [A5.8] A past date is cleared; a date that is no yyyy-MM-dd HH:mm date says so.
  const schedule = useScheduledDate();
  const isScheduled = isProduct && schedule.isScheduled;

  const handleFinish = () => {
    if (!parent || !data) return;
    if (isProduct && schedule.isInvalid) {
      schedule.check();
      return;
    }
    const invalid = errorsByPage.findIndex((e) => Object.keys(e).length > 0);
    if (invalid >= 0) {
      const index = steps.findIndex((s) => s.kind === 'page' && s.page === invalid);
      showStep(index);
      setActive(index);
      return;
    }
    create.mutate(
      {
        accountType: props.type,
        parentId: parent.AccountId,
        productName: isProduct ? productName : null,
        views: viewsForServer(),
        scheduledDate: isScheduled ? schedule.value : null,
      },
      {
        onError: (error) => {
          if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
          const scheduleError = error.fieldErrors.find((e) => e.field === 'scheduledDate');
          if (scheduleError) schedule.setError(scheduleError.message);
          const mapped = Object.fromEntries(
            error.fieldErrors.filter((e) => e.field !== 'scheduledDate').map((e) => [serverErrorKey(e.field), e.message]),
          );
          if (Object.keys(mapped).length === 0) return;
          setServerErrors(mapped);
          const indexes = Object.keys(mapped).map((key) => stepOfField(key, steps, pages, views));
          for (const index of indexes) showStep(index);
          setActive(Math.min(...indexes));
        },
      },
    );
  };

  if (create.data) {
    return (
      <CreateSuccess
        created={create.data}
        parentName={parent?.DisplayName ?? ''}
        productName={isProduct ? productName : null}
        canReadOrders={props.canReadOrders}
        links={props.links}
        onClose={props.onClose}
      />
    );
  }

  const page = step?.kind === 'page' ? pages[step.page] : undefined;
  const visibleErrors: Record<string, string> = {};
  if (page && step?.kind === 'page') {
    const own = errorsByPage[step.page] ?? {};
    for (const key of pageFieldKeys(page, views)) {
      const message = serverErrors[key] ?? own[key];
      if (message && (shownSteps.has(active) || touched.has(key) || serverErrors[key])) visibleErrors[key] = message;
    }
  }
  const createError =
    create.error && !(create.error instanceof ApiError && create.error.fieldErrors.length > 0) ? create.error.message : null;

  const stepLabel = (kind: string, index: number) =>
    kind === 'page' ? (pages[(steps[index] as { page: number }).page]?.DisplayName ?? '') : t(`accountCreate.steps.${kind}`);

  let content: React.ReactNode;
  if (!step) content = <Loader aria-label={t('app.loading')} />;
  else if (step.kind === 'parent')
    content = <StepParent type={props.type} parent={parent} onChange={handleParent} error={parentError} />;
  else if (step.kind === 'service')
    content = (
      <Stack>
        {short && (
          // [A2.42] ProductShort: the user the service is for, fixed by the page that opened the wizard.
          <Text size="sm" fw={500} data-testid="chosen-parent">
            {parent?.DisplayName
              ? t('accountCreate.parent.chosen', {
                  name: parent.DisplayName,
                  type: t(`account.type.${parent.AccountType}`),
                })
              : t('app.loading')}
          </Text>
        )}
        <StepService
          parentId={parent?.AccountId ?? null}
          productName={productName}
          onChange={handleService}
          error={serverErrors.productName ?? serverErrors.parentId ?? viewsError}
        />
      </Stack>
    );
  else if (step.kind === 'terms')
    content =
      data && parent && productName ? (
        <Stack>
          <StepTerms
            terms={data.Terms}
            serviceName={data.Service?.DisplayName ?? productName}
            parentId={parent.AccountId}
            productName={productName}
          />
          {serverErrors.terms && (
            <ReadableAlert color="red" role="alert">
              {serverErrors.terms}
            </ReadableAlert>
          )}
        </Stack>
      ) : (
        <Loader aria-label={t('app.loading')} />
      );
  else if (step.kind === 'review')
    content = review ? (
      <StepReview
        review={review}
        serviceName={data?.Service?.DisplayName ?? productName ?? ''}
        scheduledDate={schedule.text}
        scheduledError={schedule.error}
        onScheduledDate={schedule.onChange}
        onScheduledBlur={schedule.check}
      />
    ) : (
      <Loader aria-label={t('app.loading')} />
    );
  else
    content = page ? (
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
          showLimits
          values={values}
          errors={visibleErrors}
          onChange={(key, value) => {
            setValues((prev) => ({ ...prev, [key]: value }));
            setReview(null);
            setServerErrors((prev) => {
              if (!(key in prev)) return prev;
              const { [key]: _, ...rest } = prev;
              return rest;
            });
          }}
          onBlur={(key) => setTouched((prev) => new Set(prev).add(key))}
        />
        {active === lastPageStep && bottleneckMessage && (
          // [A8.8] The backend's message on the last configuration page.
          <ReadableAlert color="red" role="alert" title={t('accountCreate.review.invalid')}>
            {bottleneckMessage}
          </ReadableAlert>
        )}
      </>
    ) : (
      <Loader aria-label={t('app.loading')} />
    );

  return (
    <Stack gap="md" style={{ flex: 1 }}>
      {/* [M9.16] The type the wizard creates; a Product is a service subscription (decision 0073). */}
      <Text size="sm" fw={500} data-testid="wizard-type">
        {t('accountCreate.typeLabel.label', { type: t(`accountCreate.typeLabel.${props.type}`) })}
      </Text>
      <Stepper
        active={active}
        onStepClick={(index) => index <= lastEnabled && setActive(index)}
        size="sm"
        aria-label={t('accountCreate.steps.label')}
      >
        {steps.map((s, index) => (
          <Stepper.Step
            key={s.kind === 'page' ? `page-${s.page}` : s.kind}
            label={stepLabel(s.kind, index)}
            allowStepSelect={index <= lastEnabled}
            disabled={index > lastEnabled}
          />
        ))}
      </Stepper>
      {content}
      {createError && (
        <ReadableAlert color="red" role="alert" title={t('accountCreate.failed')}>
          {createError}
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
          {isFinishStep ? (
            <Button onClick={handleFinish} loading={create.isPending}>
              {/* [A4.10] A future date turns Finish into Schedule provisioning. */}
              {isScheduled ? t('accountCreate.scheduleFinish') : t('accountCreate.finish')}
            </Button>
          ) : (
            <Button
              onClick={handleNext}
              disabled={step?.kind !== 'page' && !valid[active]}
              loading={bottleneck.isPending || (active === PARENT_STEP && parent !== null && viewsQuery.isFetching)}
            >
              {t('accountCreate.next')}
            </Button>
          )}
        </Group>
      </Group>
      {step?.kind === 'parent' && parent === null && (
        <Text size="xs" c="dimmed">
          {t('accountCreate.parent.required')}
        </Text>
      )}
    </Stack>
  );
}
