import { describe, expect, it } from 'vitest';
import * as models from '../models/index.js';
import { loadReference, toRealm } from './helpers/reference.js';

/**
 * The load configurations of the other embed kinds take the fields the spec lists; each check
 * is made with our models and with the reference (powerbi-models through powerbi-client 2.23.1).
 */
const ref = loadReference();
const OURS = {
  validateTileLoad: models.validateTileLoad,
  validateLoadQnaConfiguration: models.validateLoadQnaConfiguration,
  validateCreateReport: models.validateCreateReport,
  validateQuickCreate: models.validateQuickCreate,
  validatePaginatedReportLoad: models.validatePaginatedReportLoad,
} as Record<string, (x: unknown) => { message: string }[] | undefined>;
type Validator = keyof typeof OURS;
const messages = (fn: Validator, input: unknown) => {
  const ours = OURS[fn]?.(JSON.parse(JSON.stringify(input)));
  const theirs = ref.models[fn](toRealm(ref.window, input)) as { message: string }[] | undefined;
  expect(JSON.stringify(ours), 'the same as the reference').toBe(JSON.stringify(theirs));
  return ours?.map((e) => e.message) ?? [];
};

describe('load configurations of the other embed kinds', () => {
  it('[E3.8] a tile load takes accessToken, id, dashboardId, groupId, pageView, tokenType, width and height', () => {
    const tile = {
      accessToken: 'a',
      id: 'i',
      dashboardId: 'd',
      groupId: 'g',
      pageView: 'oneColumn',
      tokenType: 1,
      width: 300,
      height: 200,
    };

    expect(messages('validateTileLoad', tile)).toEqual([]);
    expect(messages('validateTileLoad', { ...tile, dashboardId: undefined })).toEqual(['dashboardId is required']);
    expect(messages('validateTileLoad', { ...tile, width: '300' })).toEqual(['width must be a number']);
  });

  it('[E3.7] a Q&A load takes accessToken, datasetIds, question, viewMode, settings, tokenType and groupId', () => {
    const qna = {
      accessToken: 'a',
      datasetIds: ['d'],
      question: 'How many accounts?',
      viewMode: 0,
      settings: { filterPaneEnabled: true, hideErrors: false, panes: { filters: { visible: true } } },
      tokenType: 1,
      groupId: 'g',
    };

    expect(messages('validateLoadQnaConfiguration', qna)).toEqual([]);
    expect(messages('validateLoadQnaConfiguration', { ...qna, datasetIds: 'd' })).toEqual([
      'datasetIds must be an array of strings',
    ]);
  });

  it('[E3.6] a create config takes accessToken, datasetId, groupId, tokenType and theme', () => {
    const create = { accessToken: 'a', datasetId: 'd', groupId: 'g', tokenType: 1, theme: { themeJson: {} } };

    expect(messages('validateCreateReport', create)).toEqual([]);
    expect(messages('validateCreateReport', { ...create, datasetId: undefined })).toEqual(['datasetId is required']);
  });

  it('[E3.9] a quick-create config takes accessToken, groupId, tokenType and datasetCreateConfig', () => {
    const quick = {
      accessToken: 'a',
      groupId: 'g',
      tokenType: 1,
      datasetCreateConfig: {
        locale: 'en-US',
        mashupDocument: 'let x = 1 in x',
        datasourceConnectionConfig: { dataCacheMode: 0 },
      },
    };

    expect(messages('validateQuickCreate', quick)).toEqual([]);
    expect(messages('validateQuickCreate', { ...quick, datasetCreateConfig: undefined })).toEqual([
      'datasetCreateConfig is required',
    ]);
  });

  it('[E3.5] a paginated report load takes accessToken, id, groupId, tokenType, parameterValues and command settings', () => {
    const paginated = {
      accessToken: 'a',
      id: 'i',
      groupId: 'g',
      tokenType: 1,
      parameterValues: [{ name: 'Year', value: '2026' }],
      settings: { commands: { parameterPanel: { enabled: true, expanded: false } } },
    };

    expect(messages('validatePaginatedReportLoad', paginated)).toEqual([]);
    expect(messages('validatePaginatedReportLoad', { ...paginated, parameterValues: [{ value: '2026' }] })).toEqual([
      'parameterValues property is invalid',
    ]);
  });
});
