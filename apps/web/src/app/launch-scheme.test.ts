// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readSchemeParam, schemeTarget } from './launch-scheme.ts';

describe('launch scheme (SPEC.md §2)', () => {
  it('reads scheme from the query string or the hash query', () => {
    expect(readSchemeParam({ search: '?scheme=app-home', hash: '' })).toBe('app-home');
    expect(readSchemeParam({ search: '', hash: '#/pages/launch/choose?scheme=payment-success' })).toBe(
      'payment-success',
    );
    expect(readSchemeParam({ search: '', hash: '#/' })).toBeNull();
  });

  it('opens the payment result for payment-success and relaunches home for home', () => {
    expect(schemeTarget('myapp://home')).toBe('/pages/home/home');
    expect(schemeTarget('payment-success')).toBe('/pages/payment/success');
    expect(schemeTarget('app://payment-success?order=1')).toBe('/pages/payment/success');
    expect(schemeTarget('other')).toBeNull();
  });
});
