import type { IEmbedService } from './contract.js';
import { Embed, type IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';

/**
 * An embedded Q&A box.
 *
 * @example
 * const qna = powerbi.embed(container, { type: 'qna', embedUrl, accessToken, datasetIds: [datasetId] }) as Qna;
 * await qna.setQuestion('total sales by region');
 */
export class Qna extends Embed {
  static type = 'Qna';
  /** Events Q&A raises ([E4.3]). */
  static allowedEvents = ['loaded', 'visualRendered'];

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/qna/load';
    this.phasedLoadPath = '/qna/prepare';
    this.allowedEvents.push(...Qna.allowedEvents);
  }

  /**
   * Q&A has no id of its own.
   * @example qna.getId();
   */
  getId(): string {
    return null as unknown as string;
  }

  /**
   * Asks a question.
   * @example await qna.setQuestion('top 5 products');
   */
  async setQuestion(question: string): Promise<IHttpPostMessageResponse<void>> {
    const qnaData: models.IQnaInterpretInputData = { question };
    try {
      return await this.service.hpm.post<void>(
        '/qna/interpret',
        qnaData,
        { uid: this.config.uniqueId },
        this.iframe.contentWindow as Window,
      );
    } catch (response) {
      throw (response as IHttpPostMessageResponse<unknown>).body;
    }
  }

  /** @example qna.configChanged(isBootstrap); */
  configChanged(_isBootstrap: boolean): void {
    // Nothing to derive for Q&A.
  }

  /** @example qna.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'qnaEmbed';
  }

  /**
   * Validates the configuration ([E5.4]).
   * @example qna.validate(config);
   */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateLoadQnaConfiguration(config);
  }
}
