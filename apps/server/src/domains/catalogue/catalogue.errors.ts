import { capabilityLabel, type FieldError } from '@portal/contracts';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';

/** A service that does not exist and one outside the caller's scope look the same. */
export const serviceNotFound = () => notFound('Service');

export const invalidService = (fields: FieldError[]) => validationFailed(fields);

export const serviceNameTaken = () =>
  validationFailed([{ field: 'ServiceName', message: 'A service with this name already exists' }]);

export const stillCreating = () =>
  new DomainError('CONFLICT', 'This service is still being created. It can be edited once it appears in Your Services');

export const creationFailed = (reason: string | null) =>
  new DomainError('CONFLICT', `Creating this service failed${reason ? `: ${reason}` : ''}. Create it again under another name`);

/** [M6.3] */
export const cannotCreate = () => forbidden('You need permission to create services to create or import services');

/** [S6.1] */
export const cannotUpdate = (promoted: boolean) =>
  forbidden(
    promoted
      ? 'This service is Promoted: you need permission to change promoted services to edit it'
      : 'You need permission to change services to edit them',
  );

/** [S6.4] */
export const remoteDataSourceForbidden = (fields: FieldError[]) =>
  new DomainError('FORBIDDEN', `You need permission to ${capabilityLabel('SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE')}`, fields);

/** [S6.4] */
export const tagCreateForbidden = (fields: FieldError[]) =>
  new DomainError(
    'FORBIDDEN',
    `You need permission to ${capabilityLabel('SERVICE_TOOL_TAG_CREATE')} to add tags that are not in the list`,
    fields,
  );

/** [S5.2], [S8.4] The import messages, word for word. */
export const importRejected = (messages: string[], fields: FieldError[] = []) =>
  new DomainError(
    'VALIDATION_FAILED',
    messages.join('. '),
    fields.length > 0 ? fields : messages.map((message) => ({ field: 'Service', message })),
  );
