/** Headers carried by every request and response. */
export interface IMessageHeaders {
  id?: string;
  [name: string]: unknown;
}

/** A request as it travels over postMessage. */
export interface IRequestMessage<T = unknown> {
  method: string;
  url: string;
  headers: IMessageHeaders;
  body?: T;
}

/** A response as it travels over postMessage. */
export interface IResponseMessage<T = unknown> {
  statusCode: number;
  statusText?: string;
  headers: IMessageHeaders;
  body: T;
}

/** The resolved value of a request: status, headers and body. */
export interface IHttpPostMessageResponse<T> {
  statusCode: number;
  statusText?: string;
  headers: IMessageHeaders;
  body: T;
}

/** Where an incoming message came from. */
export interface IMessageOrigin {
  source: MessageEventSource | null;
  origin: string;
}

export const isResponseMessage = (data: unknown): data is IResponseMessage =>
  typeof data === 'object' && data !== null && typeof (data as IResponseMessage).statusCode === 'number';

export const isRequestMessage = (data: unknown): data is IRequestMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as IRequestMessage).method === 'string' &&
  typeof (data as IRequestMessage).url === 'string';
