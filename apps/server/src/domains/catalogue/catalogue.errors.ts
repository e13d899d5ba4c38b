import type { FieldError } from '@portal/contracts';
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
export const cannotCreate = () =>
  forbidden('You need MY_SERVICES_CREATE or one of the SERVICE_TOOL_*_CREATE capabilities to create or import services');

/** [S6.1] */
export const cannotUpdate = (promoted: boolean) =>
  forbidden(
    promoted
      ? 'This service is Promoted: you need a SERVICE_TOOL_*_UPDATE capability in the PROMOTED context to edit it'
      : 'You need one of the SERVICE_TOOL_*_UPDATE capabilities to edit services',
  );

/** [S6.4] */
export const remoteDataSourceForbidden = (fields: FieldError[]) =>
  new DomainError(
    'FORBIDDEN',
    'You need the SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE capability to change remote data sources',
    fields,
  );

/** [S6.4] */
export const tagCreateForbidden = (fields: FieldError[]) =>
  new DomainError('FORBIDDEN', 'You need the SERVICE_TOOL_TAG_CREATE capability to add tags that are not in the list', fields);

/** [S5.2], [S8.4] The import messages, word for word. */
export const importRejected = (messages: string[], fields: FieldError[] = []) =>
  new DomainError(
    'VALIDATION_FAILED',
    messages.join('. '),
    fields.length > 0 ? fields : messages.map((message) => ({ field: 'Service', message })),
  );
