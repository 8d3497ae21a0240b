// @vitest-environment happy-dom
import { remoteConfig } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { checkRemoteConfig } from './remote-config.ts';

const valid = {
  version: '1.9.5',
  baseUrl: 'https://app.example.com',
  apiServerUrl: 'https://app.example.com/v1',
  reverbUrl: 'wss://app.example.com',
};

const cases: Array<[string, unknown]> = [
  ['the required fields', valid],
  ['every optional field', { ...valid, appKey: 'key', cluster: 'mt1', developerTools: true }],
  ['an empty cluster', { ...valid, cluster: '' }],
  ['unknown fields (dropped)', { ...valid, extra: 1 }],
  ['an empty baseUrl', { ...valid, baseUrl: '' }],
  ['a missing reverbUrl', { ...valid, reverbUrl: undefined }],
  ['a numeric version', { ...valid, version: 2 }],
  ['an empty appKey', { ...valid, appKey: '' }],
  ['a numeric cluster', { ...valid, cluster: 1 }],
  ['developerTools as a string', { ...valid, developerTools: 'yes' }],
  ['null', null],
  ['an array', [valid]],
  ['a string', 'config'],
];

describe('checkRemoteConfig', () => {
  it.each(cases)('answers as the shared remoteConfig schema does for %s', (_name, value) => {
    const schema = remoteConfig.safeParse(value);
    const checked = checkRemoteConfig(value);
    expect('config' in checked).toBe(schema.success);
    if (schema.success && 'config' in checked) expect(checked.config).toEqual(schema.data);
  });

  it('names every field that is wrong', () => {
    const checked = checkRemoteConfig({ ...valid, baseUrl: '', apiServerUrl: '' });
    expect(checked).toEqual({ error: 'baseUrl: baseUrl 不能为空; apiServerUrl: apiServerUrl 不能为空' });
  });
});
