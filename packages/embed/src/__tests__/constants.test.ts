import { describe, expect, it } from 'vitest';
import config from '../config.js';
import { Embed, LOAD_DEDUP_WINDOW_MS } from '../embed.js';
import * as models from '../models/index.js';
import { attachPeer, flush } from './helpers/frame-peer.js';
import { createService, makeContainer } from './helpers/ours.js';

describe('[S9.7] constants of the embedded library', () => {
  it('[S9.7] is version 2.23.1 of type js, sent in the sdk headers', async () => {
    expect(config).toEqual({ version: '2.23.1', type: 'js' });
    const powerbi = createService();
    const report = powerbi.embed(makeContainer(), {
      type: 'report',
      id: 'r',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/reportEmbed',
    });
    const peer = attachPeer(window, report.iframe);
    await report.getCorrelationId().catch(() => undefined);
    await flush();
    expect(peer.messages[0].headers).toMatchObject({ 'x-sdk-type': 'js', 'x-sdk-version': '2.23.1' });
    expect(powerbi.getSDKVersion()).toBe('2.23.1');
  });

  it('[S9.7] de-duplicates loads within 100 ms and front-loads with a limit of 2', () => {
    expect(LOAD_DEDUP_WINDOW_MS).toBe(100);
    expect(Embed.maxFrontLoadTimes).toBe(2);
  });

  it('[S9.7] zoom 0.25 to 4 and print adjustment modes 0 or 1', () => {
    expect(models.validateZoomLevel(0.25)).toBeUndefined();
    expect(models.validateZoomLevel(4)).toBeUndefined();
    expect(models.validateZoomLevel(0.2)).toBeDefined();
    expect(models.BrowserPrintAdjustmentsMode).toMatchObject({ Default: 0, NoAdjustments: 1 });
    expect(models.validatePrintSettings({ browserPrintAdjustmentsMode: 2 })).toBeDefined();
  });

  it('[S9.7] [E3.3] the default menu location is Bottom', async () => {
    expect(models.MenuLocation.Bottom).toBe(0);
    const report = createService().embed(makeContainer(), {
      type: 'report',
      id: 'r',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/reportEmbed',
    }) as any;
    const peer = attachPeer(window, report.iframe);
    await report.addContextMenuCommand('cmd', 'Command');
    expect(peer.messages[0].body).toEqual({
      extensions: {
        commands: [{ name: 'cmd', title: 'Command', extend: { visualContextMenu: { title: 'Command', menuLocation: 0 } } }],
        groups: [],
      },
    });
  });

  it('[S9.7] the default embed host is an https host', () => {
    expect(Embed.defaultEmbedHostName).toMatch(/^https:\/\//);
  });
});
