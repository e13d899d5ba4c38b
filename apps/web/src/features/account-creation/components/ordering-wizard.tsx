import { Box, Button, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { FieldValue, View, VisibleCompany } from '@portal/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreateViews } from '../api/use-create-account';
import { useMarketService, useOrderedServiceInfo, useOrderReview, usePlaceOrder, useVisibleCompanies } from '../api/use-ordering';
import { useScheduledDate } from '../hooks/use-scheduled-date';
import {
  allTermsAccepted,
  CONFIGURATION_STEP,
  CUSTOMER_STEP,
  formErrors,
  nextUnacceptedTerms,
  ORDER_STEPS,
  orderErrorTarget,
  orderLastEnabledStep,
  REVIEW_STEP,
  stepOfOrderError,
  TERMS_STEP,
} from '../utils/ordering-steps';
import { viewsForCreate, withDefaults } from '../utils/wizard-steps';
import { OrderHeader } from './order-header';
import { type ConfigurationPart, OrderStepConfiguration } from './order-step-configuration';
import { CustomerInfo, OrderStepCustomer } from './order-step-customer';
import { OrderStepTerms } from './order-step-terms';
import { OrderSuccess, type OrderSuccessLinks } from './order-success';
import { StepReview } from './step-review';
import { errorMessage } from './step-terms';

export interface OrderingWizardProps {
  /** The service to order (its ServiceName; a material number is resolved by the page). */
  serviceName: string;
  /** [M2.42] The customer to start with (from a company's page or an account's marketplace tab). */
  initialCustomerId: number | null;
  userName: string;
  /** [M6.11] CREDITCHECK_COMPANYORDERS read: 'Go to my orders' on the under-review outcome. */
  canReadCompanyOrders: boolean;
  links: OrderSuccessLinks;
  onClose: () => void;
}

type Part = 'service' | 'dependency';
/** One empty object for a form not loaded: the review's input keeps its identity from render to render. */
const NO_VIEWS: Readonly<Record<string, View>> = {};
/** Out of sight but still the step's accessible name. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
type Values = Record<string, FieldValue>;

const withoutKey = (errors: Record<string, string>, key: string) => {
  if (!(key in errors)) return errors;
  const { [key]: _, ...rest } = errors;
  return rest;
};

/**
 * [M1.7] [M2.43] The ordering wizard, full screen: Select customer, Configuration, Terms and Conditions, Order
 * review, then the outcome. Steps open by the rules of [M4.19] [M4.20]; a new customer resets the later steps.
 * PLACE ORDER sends one requestId per wizard run, so a double click or a retry is one order [M4.21].
 */
export function OrderingWizard(props: OrderingWizardProps) {
  const { t } = useTranslation();
  const [requestId] = useState(() => crypto.randomUUID());
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(
    props.initialCustomerId ? { id: props.initialCustomerId, name: '' } : null,
  );
  const [createdCustomers, setCreatedCustomers] = useState<VisibleCompany[]>([]);
  const [isCreatingCustomer, setIsCreatingCustomer] = useState(false);
  const [active, setActive] = useState(CUSTOMER_STEP);
  const [reached, setReached] = useState(CUSTOMER_STEP);
  const [values, setValues] = useState<Record<Part, Values>>({ service: {}, dependency: {} });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [showValidation, setShowValidation] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<Part, Record<string, string>>>({ service: {}, dependency: {} });
  const [termsIndex, setTermsIndex] = useState(0);
  const schedule = useScheduledDate();
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const placing = useRef(false);
  /** PlaceOrder's refusals that name no field of a form (terms, customer, the service itself). */
  const [placeMessages, setPlaceMessages] = useState<string[]>([]);

  const companies = useVisibleCompanies(props.serviceName);
  const info = useOrderedServiceInfo(props.serviceName);
  const market = useMarketService(customer?.id ?? null, props.serviceName);
  const marketData = market.data && market.data.Refusal === null ? market.data : null;
  const refusal = companies.data?.Refusal ?? market.data?.Refusal ?? null;
  const dependency = marketData?.Dependency ?? null;
  const needsDependency = dependency !== null && !dependency.IsProductAdded;
  const customerId = marketData ? (customer?.id ?? null) : null;
  const serviceForm = useCreateViews('Product', customerId, props.serviceName);
  const dependencyForm = useCreateViews('Product', needsDependency ? customerId : null, dependency?.ServiceName ?? null);
  const place = usePlaceOrder();

  useEffect(() => {
    const views = serviceForm.data?.Views;
    if (views) setValues((prev) => ({ ...prev, service: withDefaults(prev.service, views) }));
  }, [serviceForm.data]);
  useEffect(() => {
    const views = dependencyForm.data?.Views;
    if (views) setValues((prev) => ({ ...prev, dependency: withDefaults(prev.dependency, views) }));
  }, [dependencyForm.data]);
  // A customer from the address gets its name from the service's answer for it.
  useEffect(() => {
    if (marketData) setCustomer((prev) => (prev && prev.name === '' ? { ...prev, name: marketData.Customer.DisplayName } : prev));
  }, [marketData]);

  const serviceViews = serviceForm.data?.Views ?? NO_VIEWS;
  const dependencyViews = dependencyForm.data?.Views ?? NO_VIEWS;
  const serviceOwn = useMemo(
    () => formErrors(serviceForm.data?.Layout.Pages ?? [], serviceViews, values.service),
    [serviceForm.data, serviceViews, values.service],
  );
  const dependencyOwn = useMemo(
    () => formErrors(dependencyForm.data?.Layout.Pages ?? [], dependencyViews, values.dependency),
    [dependencyForm.data, dependencyViews, values.dependency],
  );
  const hasErrors = (part: Part) =>
    Object.keys(part === 'service' ? serviceOwn : dependencyOwn).length + Object.keys(serverErrors[part]).length > 0;
  const configurationValid =
    serviceForm.isSuccess &&
    !hasErrors('service') &&
    (!needsDependency || (dependencyForm.isSuccess && !hasErrors('dependency')));
  const terms = marketData?.Terms ?? [];
  const termsAccepted = marketData !== null && allTermsAccepted(terms);

  // [M2.44] [M2.48] The review's pricing follows the configuration (once it is valid), for the header and step 4.
  const reviewInput = useMemo(
    () =>
      configurationValid && customerId !== null
        ? {
            parentId: customerId,
            productName: props.serviceName,
            views: viewsForCreate(serviceViews, values.service),
            dependency:
              needsDependency && dependency
                ? { productName: dependency.ServiceName, views: viewsForCreate(dependencyViews, values.dependency) }
                : null,
          }
        : null,
    [configurationValid, customerId, props.serviceName, serviceViews, values, needsDependency, dependency, dependencyViews],
  );
  const [debouncedInput] = useDebouncedValue(reviewInput, 350);
  const review = useOrderReview(debouncedInput);
  const isReviewCurrent = reviewInput !== null && debouncedInput === reviewInput && review.isSuccess && !review.isPlaceholderData;
  const reviewData = reviewInput !== null ? review.data : undefined;

  const lastEnabled = orderLastEnabledStep({
    hasCustomer: marketData !== null,
    configurationValid,
    termsAccepted,
    reached,
  });
  const step = Math.min(active, lastEnabled);
  const serviceDisplayName = marketData?.Service.DisplayName ?? info.data?.DisplayName ?? props.serviceName;
  const icon = marketData?.Service.Icon ?? info.data?.Icon ?? null;

  const goTo = (index: number) => {
    setActive(index);
    setReached((r) => Math.max(r, index));
    if (index === TERMS_STEP) setTermsIndex(Math.max(0, nextUnacceptedTerms(terms, -1)));
  };

  // [M4.19] A new customer resets the steps after the first and what was entered in them.
  const handleCustomer = (next: VisibleCompany | null) => {
    setCustomer(next ? { id: next.ChildAccountId, name: next.DisplayName } : null);
    setActive(CUSTOMER_STEP);
    setReached(CUSTOMER_STEP);
    setValues({ service: {}, dependency: {} });
    setTouched(new Set());
    setShowValidation(false);
    setServerErrors({ service: {}, dependency: {} });
    setTermsIndex(0);
  };

  const handleNext = () => {
    if (step === CUSTOMER_STEP && marketData) goTo(CONFIGURATION_STEP);
    else if (step === CONFIGURATION_STEP) {
      if (!configurationValid) return setShowValidation(true);
      // [A8.8] The pricing check's message stays on the configuration.
      if (isReviewCurrent && review.data?.Valid === false) return;
      goTo(TERMS_STEP);
    } else if (step === TERMS_STEP && termsAccepted) goTo(REVIEW_STEP);
  };

  const handlePlace = () => {
    if (placing.current || customerId === null) return;
    if (schedule.isInvalid) return schedule.check();
    placing.current = true;
    setPlaceMessages([]);
    place.mutate(
      {
        requestId,
        customerId,
        productName: props.serviceName,
        views: viewsForCreate(serviceViews, values.service),
        dependency: needsDependency ? { views: viewsForCreate(dependencyViews, values.dependency) } : null,
        scheduledDate: schedule.value,
      },
      {
        onSettled: () => {
          placing.current = false;
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
          // [M4.21] A field the server refuses sends the user back to the configuration, with the field marked.
          const next: Record<Part, Record<string, string>> = { service: {}, dependency: {} };
          const others: string[] = [];
          let target = REVIEW_STEP;
          for (const fieldError of error.fieldErrors) {
            const where = orderErrorTarget(fieldError.field);
            if (where.part === 'service' || where.part === 'dependency') next[where.part][where.key] = fieldError.message;
            else if (where.key === 'scheduledDate') schedule.setError(fieldError.message);
            else others.push(fieldError.message);
            target = Math.min(target, stepOfOrderError(where));
          }
          setServerErrors(next);
          setPlaceMessages(others);
          if (target === CONFIGURATION_STEP) setShowValidation(true);
          setActive(target);
        },
      },
    );
  };

  const close = props.onClose;
  let body: React.ReactNode;
  if (place.data) {
    body = (
      <OrderSuccess placed={place.data} canReadCompanyOrders={props.canReadCompanyOrders} links={props.links} onClose={close} />
    );
  } else if (refusal || companies.isError) {
    // [M5.13] The service cannot be ordered here: say why, and the tool closes.
    body = (
      <Stack maw={720} mx="auto" w="100%" py="lg">
        <ReadableAlert color="yellow" role="alert" title={t('ordering.refused')}>
          {refusal?.Message ?? errorMessage(companies.error)}
        </ReadableAlert>
        <Group>
          <Button onClick={close}>{t('ordering.close')}</Button>
        </Group>
      </Stack>
    );
  } else {
    const companyItems = [
      ...(companies.data?.Items ?? []),
      ...createdCustomers.filter((c) => !companies.data?.Items.some((i) => i.ChildAccountId === c.ChildAccountId)),
    ];
    const part = (id: Part): ConfigurationPart => {
      const form = id === 'service' ? serviceForm : dependencyForm;
      const own = id === 'service' ? serviceOwn : dependencyOwn;
      const shown: Record<string, string> = {};
      for (const [key, message] of Object.entries({ ...own, ...serverErrors[id] }))
        if (showValidation || touched.has(`${id}:${key}`) || key in serverErrors[id]) shown[key] = message;
      return {
        id,
        title:
          id === 'dependency'
            ? t('ordering.configuration.dependency', { dependency: dependency?.DisplayName ?? '', service: serviceDisplayName })
            : needsDependency
              ? serviceDisplayName
              : null,
        pages: form.data?.Layout.Pages ?? null,
        views: form.data?.Views ?? {},
        values: values[id],
        errors: shown,
        loadError: errorMessage(form.error),
        onChange: (key, value) => {
          setValues((prev) => ({ ...prev, [id]: { ...prev[id], [key]: value } }));
          setServerErrors((prev) => ({ ...prev, [id]: withoutKey(prev[id], key) }));
        },
        onBlur: (key) => setTouched((prev) => new Set(prev).add(`${id}:${key}`)),
      };
    };
    let content: React.ReactNode;
    if (step === CUSTOMER_STEP)
      content = (
        <OrderStepCustomer
          serviceName={props.serviceName}
          companies={companyItems}
          isLoading={companies.isPending}
          loadError={null}
          canCreateCustomer={companies.data?.CanCreateCustomer === true}
          customerParentId={companies.data?.CustomerParentId ?? null}
          customerId={customer?.id ?? null}
          onChange={(chosen) => {
            // A customer created here shows in the list even before the list is read again.
            if (chosen && !companyItems.some((c) => c.ChildAccountId === chosen.ChildAccountId))
              setCreatedCustomers((prev) => [...prev, chosen]);
            handleCustomer(chosen);
          }}
          customer={marketData?.Customer ?? null}
          customerError={customer ? errorMessage(market.error) : null}
          isCreating={isCreatingCustomer}
          onCreating={setIsCreatingCustomer}
        />
      );
    else if (step === CONFIGURATION_STEP)
      content = (
        <OrderStepConfiguration
          serviceName={serviceDisplayName}
          customerName={customer?.name ?? ''}
          parts={needsDependency ? [part('dependency'), part('service')] : [part('service')]}
          showValidation={showValidation && !configurationValid}
          message={isReviewCurrent && review.data?.Valid === false ? review.data.InvalidMessageRef : null}
        />
      );
    else if (step === TERMS_STEP && customerId !== null)
      content = (
        <OrderStepTerms
          customerId={customerId}
          serviceName={props.serviceName}
          terms={terms}
          canAccept={marketData?.CanAcceptTerms === true}
          selected={termsIndex}
          onSelect={setTermsIndex}
        />
      );
    else
      content =
        reviewData && marketData ? (
          <Stack>
            <StepReview
              variant="order"
              review={reviewData}
              serviceName={serviceDisplayName}
              serviceNames={{
                [props.serviceName]: serviceDisplayName,
                ...(dependency ? { [dependency.ServiceName]: dependency.DisplayName } : {}),
              }}
              header={<CustomerInfo customer={marketData.Customer} label={t('ordering.review.customer')} />}
              scheduledDate={schedule.text}
              scheduledError={schedule.error}
              onScheduledDate={schedule.onChange}
              onScheduledBlur={schedule.check}
            />
            {!reviewData.Valid && reviewData.InvalidMessageRef && (
              <ReadableAlert color="red" role="alert" title={t('accountCreate.review.invalid')}>
                {reviewData.InvalidMessageRef}
              </ReadableAlert>
            )}
          </Stack>
        ) : review.isError ? (
          <ReadableAlert color="red" role="alert">
            {errorMessage(review.error)}
          </ReadableAlert>
        ) : (
          <Loader aria-label={t('app.loading')} />
        );

    const placeError =
      place.error && !(place.error instanceof ApiError && place.error.fieldErrors.length > 0)
        ? errorMessage(place.error)
        : placeMessages.length > 0
          ? placeMessages.join(' ')
          : null;
    const canGoOn =
      step === CUSTOMER_STEP ? marketData !== null : step === CONFIGURATION_STEP ? true : step === TERMS_STEP && termsAccepted;
    body = (
      <Stack gap="md" maw={1200} mx="auto" w="100%" style={{ flex: 1 }}>
        <Stepper
          active={step}
          onStepClick={(index) => index <= lastEnabled && goTo(index)}
          size="sm"
          aria-label={t('ordering.steps.label')}
          // A phone shows the numbers in one line and the current step's name below them.
          styles={isPhone ? { stepBody: VISUALLY_HIDDEN, separator: { marginInline: 6 } } : undefined}
        >
          {ORDER_STEPS.map((kind, index) => (
            <Stepper.Step
              key={kind}
              label={t(`ordering.steps.${kind}`)}
              allowStepSelect={index <= lastEnabled}
              disabled={index > lastEnabled}
            />
          ))}
        </Stepper>
        {isPhone && (
          <Text size="sm" fw={600} aria-hidden>
            {t('ordering.steps.current', {
              number: step + 1,
              count: ORDER_STEPS.length,
              name: t(`ordering.steps.${ORDER_STEPS[step]}`),
            })}
          </Text>
        )}
        <Box style={{ flex: 1 }}>{content}</Box>
        {placeError && (
          <ReadableAlert color="red" role="alert" title={t('ordering.placeFailed')}>
            {placeError}
          </ReadableAlert>
        )}
        {!(step === CUSTOMER_STEP && isCreatingCustomer) && (
          <Group justify="flex-end" gap="sm" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {step > CUSTOMER_STEP && (
              <Button variant="default" onClick={() => setActive(step - 1)} disabled={place.isPending}>
                {t('ordering.back')}
              </Button>
            )}
            {step === REVIEW_STEP ? (
              <Button
                onClick={handlePlace}
                loading={place.isPending}
                disabled={place.isPending || !isReviewCurrent || reviewData?.Valid !== true}
              >
                {schedule.isScheduled ? t('ordering.schedule') : t('ordering.place')}
              </Button>
            ) : (
              <Button
                onClick={handleNext}
                disabled={!canGoOn}
                loading={step === CUSTOMER_STEP && customer !== null && market.isFetching}
              >
                {t('ordering.next')}
              </Button>
            )}
          </Group>
        )}
        {step === CUSTOMER_STEP && customer === null && !isCreatingCustomer && (
          <Text size="xs" c="dimmed" ta="right">
            {t('ordering.customer.required')}
          </Text>
        )}
      </Stack>
    );
  }

  const totals =
    reviewData?.Valid && reviewData.PricesShown && !place.data
      ? {
          monthly: reviewData.Monthly,
          perSubscription: reviewData.Setup !== null && Number(reviewData.Setup) !== 0 ? reviewData.Setup : null,
          currency: reviewData.Currency,
          isUpdating: !isReviewCurrent,
        }
      : null;

  return (
    <Modal.Root opened onClose={close} fullScreen closeOnEscape={false}>
      <Modal.Content>
        <Modal.Header p={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <OrderHeader
            title={
              <Modal.Title
                fz="lg"
                fw={700}
                miw={0}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {serviceDisplayName}
              </Modal.Title>
            }
            serviceName={serviceDisplayName}
            icon={icon}
            totals={totals}
            userName={props.userName}
            onClose={close}
          />
        </Modal.Header>
        <Modal.Body pt="md" style={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100dvh - 70px)' }}>
          {body}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
