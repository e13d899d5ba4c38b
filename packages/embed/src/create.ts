import type { IEmbedService } from './contract.js';
import { Embed, type IEmbedConfiguration, type IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';

/**
 * A report-creation experience over a dataset.
 *
 * @example
 * const create = powerbi.createReport(container, { datasetId, embedUrl, accessToken });
 * create.on('saved', (event) => console.log(event.detail));
 */
export class Create extends Embed {
  createConfig!: models.IReportCreateConfiguration;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfiguration | models.IReportCreateConfiguration,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config as IEmbedConfigurationBase, undefined, phasedRender, isBootstrap);
  }

  /**
   * The dataset id from the configuration or the embed URL ([E8.7]).
   * @example create.getId();
   */
  getId(): string {
    const datasetId =
      (this.createConfig && this.createConfig.datasetId) ||
      (this.config as models.IReportCreateConfiguration).datasetId ||
      Create.findIdFromEmbedUrl(this.config.embedUrl as string);
    if (typeof datasetId !== 'string' || datasetId.length === 0) {
      throw new Error(
        'Dataset id is required, but it was not found. You must provide an id either as part of embed configuration.',
      );
    }
    return datasetId;
  }

  /**
   * Validates the configuration ([E5.4]).
   * @example create.validate(config);
   */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateCreateReport(config);
  }

  /** @example create.configChanged(isBootstrap); */
  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    const config = this.config as models.IReportCreateConfiguration;
    this.createConfig = {
      accessToken: config.accessToken,
      datasetId: config.datasetId || this.getId(),
      groupId: config.groupId,
      settings: config.settings,
      tokenType: config.tokenType,
      theme: config.theme,
    } as models.IReportCreateConfiguration;
    for (const key of Object.keys(this.createConfig)) {
      if ((this.createConfig as Record<string, unknown>)[key] === undefined)
        delete (this.createConfig as Record<string, unknown>)[key];
    }
  }

  /** @example create.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  /**
   * True when there are no unsaved changes.
   * @example const saved = await create.isSaved();
   */
  async isSaved(): Promise<boolean> {
    try {
      const response = await this.service.hpm.get<boolean>(
        '/report/hasUnsavedChanges',
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
      return !response.body;
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /** Extracts the dataset id from an embed URL. @example Create.findIdFromEmbedUrl('https://app.powerbi.com/reportEmbed?datasetId=d1') // 'd1' */
  static findIdFromEmbedUrl(url: string): string | undefined {
    const match = typeof url === 'string' ? url.match(/datasetId="?([^&]+)"?/) : null;
    return match ? match[1] : undefined;
  }

  /**
   * Sends the create message; called when the frame has loaded.
   * @example await create.create();
   */
  async create(): Promise<void> {
    const errors = this.validate(this.createConfig as unknown as IEmbedConfigurationBase);
    if (errors) throw errors;
    const headers = {
      uid: this.config.uniqueId,
      sdkSessionId: this.service.getSdkSessionId(),
      tokenProviderSupplied: this.eventHooks?.accessTokenProvider ? true : undefined,
    };
    if (headers.tokenProviderSupplied === undefined) delete headers.tokenProviderSupplied;
    try {
      const response = await this.service.hpm.post<void>(
        '/report/create',
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
