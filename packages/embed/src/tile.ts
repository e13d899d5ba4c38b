import type { IEmbedService } from './contract.js';
import { Embed, type IEmbedConfigurationBase } from './embed.js';
import * as models from './models/index.js';

/**
 * An embedded dashboard tile.
 *
 * @example
 * const tile = powerbi.embed(container, { type: 'tile', id: tileId, dashboardId, embedUrl, accessToken });
 * tile.on('tileClicked', (event) => console.log(event.detail));
 */
export class Tile extends Embed {
  static type = 'Tile';
  /** Events a tile raises. */
  static allowedEvents = ['tileClicked', 'tileLoaded'];

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, baseConfig, undefined, phasedRender, isBootstrap);
    this.loadPath = '/tile/load';
    this.allowedEvents.push(...Tile.allowedEvents);
  }

  /**
   * The tile id from the configuration or the embed URL ([E5.6], [E8.7]).
   * @example tile.getId();
   */
  getId(): string {
    const config = this.config;
    const tileId = (config.id as string) || Tile.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof tileId !== 'string' || tileId.length === 0) {
      throw new Error('Tile id is required, but it was not found. You must provide an id either as part of embed configuration.');
    }
    return tileId;
  }

  /**
   * Validates the configuration ([E5.4]).
   * @example tile.validate(config);
   */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateTileLoad(config);
  }

  /** @example tile.configChanged(isBootstrap); */
  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    this.config.id = this.getId();
  }

  /** @example tile.getDefaultEmbedUrlEndpoint(); */
  getDefaultEmbedUrlEndpoint(): string {
    return 'tileEmbed';
  }

  /** Extracts the tile id from an embed URL. @example Tile.findIdFromEmbedUrl('https://app.powerbi.com/embed?tileId=t1') // 't1' */
  static findIdFromEmbedUrl(url: string): string | undefined {
    const match = typeof url === 'string' ? url.match(/tileId="?([^&]+)"?/) : null;
    return match ? match[1] : undefined;
  }
}
