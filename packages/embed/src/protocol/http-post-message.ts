import type { MessageProxy } from './message-proxy.js';
import type { IHttpPostMessageResponse, IMessageHeaders, IRequestMessage } from './types.js';

/**
 * HTTP-style verbs over postMessage. Every request carries the default headers
 * (`x-sdk-type`, `x-sdk-version`, and `x-sdk-wrapper-version` when set) plus the call's own.
 *
 * @example
 * const hpm = new HttpPostMessage(proxy, { 'x-sdk-type': 'js', 'x-sdk-version': '2.23.1' });
 * const { body } = await hpm.get<IPage[]>('/report/pages', { uid }, iframe.contentWindow!);
 */
export class HttpPostMessage {
  defaultHeaders: IMessageHeaders;
  defaultTargetWindow?: Window;

  constructor(
    private readonly proxy: MessageProxy,
    defaultHeaders: IMessageHeaders = {},
    defaultTargetWindow?: Window,
  ) {
    this.defaultHeaders = defaultHeaders;
    this.defaultTargetWindow = defaultTargetWindow;
  }

  /**
   * GET request.
   * @example await hpm.get(url, headers, targetWindow);
   */
  get<T>(url: string, headers: IMessageHeaders = {}, targetWindow?: Window): Promise<IHttpPostMessageResponse<T>> {
    return this.send<T>({ method: 'GET', url, headers }, targetWindow);
  }

  /**
   * POST request.
   * @example await hpm.post(url, body, headers, targetWindow);
   */
  post<T>(
    url: string,
    body: unknown,
    headers: IMessageHeaders = {},
    targetWindow?: Window,
  ): Promise<IHttpPostMessageResponse<T>> {
    return this.send<T>({ method: 'POST', url, headers, body }, targetWindow);
  }

  /**
   * PUT request.
   * @example await hpm.put(url, body, headers, targetWindow);
   */
  put<T>(url: string, body: unknown, headers: IMessageHeaders = {}, targetWindow?: Window): Promise<IHttpPostMessageResponse<T>> {
    return this.send<T>({ method: 'PUT', url, headers, body }, targetWindow);
  }

  /**
   * PATCH request.
   * @example await hpm.patch(url, body, headers, targetWindow);
   */
  patch<T>(
    url: string,
    body: unknown,
    headers: IMessageHeaders = {},
    targetWindow?: Window,
  ): Promise<IHttpPostMessageResponse<T>> {
    return this.send<T>({ method: 'PATCH', url, headers, body }, targetWindow);
  }

  /**
   * DELETE request.
   * @example await hpm.delete(url, body, headers, targetWindow);
   */
  delete<T>(
    url: string,
    body: unknown = null,
    headers: IMessageHeaders = {},
    targetWindow?: Window,
  ): Promise<IHttpPostMessageResponse<T>> {
    return this.send<T>({ method: 'DELETE', url, headers, body }, targetWindow);
  }

  private send<T>(message: IRequestMessage, targetWindow?: Window): Promise<IHttpPostMessageResponse<T>> {
    const target = targetWindow ?? this.defaultTargetWindow;
    if (!target) return Promise.reject(new Error('No target window was given for the request.'));
    message.headers = { ...this.defaultHeaders, ...message.headers };
    return this.proxy.postMessage<T>(target, message);
  }
}
