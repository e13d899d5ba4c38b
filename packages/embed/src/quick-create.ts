import type { IEmbedService } from './contract.js';
import { Embed, type IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';

/**
 * A quick-create experience (a report over data given in the configuration).
 *
 * @example
 * const quick = powerbi.quickCreate(container, { embedUrl, accessToken, datasetCreateConfig: { locale: 'en-US', mashupDocument } });
 */
export class QuickCreate extends Embed {
  createConfig!: models.IQuickCreateConfiguration;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: models.IQuickCreateConfiguration,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
  }

  /**
   * Quick-create has no id of its own.
   * @example quickCreate.getId();
   */
  getId(): string {
    return null as unknown as string;
  }

  /**
   * Validates the configuration ([E5.4], [E5.5]).
   * @example quickCreate.validate(config);
   */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateQuickCreate(config);
  }

  /** @example quickCreate.configChanged(isBootstrap); */
  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    this.createConfig = this.config as models.IQuickCreateConfiguration;
  }

  /** @example quickCreate.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'quickCreate';
  }

  /**
   * Sends the quick-create message; called when the frame has loaded.
   * @example await quick.create();
   */
  async create(): Promise<void> {
    const errors = this.validate(this.createConfig);
    if (errors) throw errors;
    const headers: Record<string, unknown> = { uid: this.config.uniqueId, sdkSessionId: this.service.getSdkSessionId() };
    if (this.eventHooks?.accessTokenProvider) headers.tokenProviderSupplied = true;
    try {
      const response = await this.service.hpm.post<void>(
        '/quickcreate',
        this.createConfig,
        headers,
        this.iframe.contentWindow as Window,
      );
      return response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }
}
