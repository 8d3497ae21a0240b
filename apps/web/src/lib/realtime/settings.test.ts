import { describe, expect, it } from 'vitest';
import { settingsFromReverbUrl } from './settings.ts';

describe('visitor socket settings from the remote config', () => {
  it('reads scheme, host, port and path from reverbUrl', () => {
    expect(settingsFromReverbUrl('ws://127.0.0.1:3000', 'k')).toMatchObject({
      key: 'k',
      scheme: 'ws',
      host: '127.0.0.1',
      port: 3000,
      path: '',
      privateChannel: null,
    });
    expect(settingsFromReverbUrl('wss://app.example.com/socket/', 'k')).toMatchObject({
      scheme: 'wss',
      host: 'app.example.com',
      port: 443,
      path: '/socket',
    });
  });
});
