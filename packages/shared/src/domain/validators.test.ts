import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  isDomain,
  isEmail,
  isIdCard,
  isMobile,
  isNumericCode,
  isUrl,
  isUsername,
  padTwo,
  passwordProblem,
  shortPrice,
} from './validators.ts';

describe('validators', () => {
  it('accepts mainland mobile numbers 1[3-9] plus 9 digits only', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('138123456789')).toBe(false);
  });

  it('checks e-mail and url shapes', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isUrl('https://kf.example.com/chat?id=1')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
  });

  it('checks domains label by label', () => {
    expect(isDomain('agent.example.com')).toBe(true);
    expect(isDomain('a-b.c1')).toBe(true);
    expect(isDomain('localhost')).toBe(true);
    expect(isDomain('-bad.com')).toBe(false);
    expect(isDomain('bad-.com')).toBe(false);
    expect(isDomain('a..com')).toBe(false);
    expect(isDomain(`${'a'.repeat(63)}.com`)).toBe(true);
    expect(isDomain(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isDomain('under_score.com')).toBe(false);
  });

  it('checks resident id numbers with their check digit', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('110105194902300021')).toBe(false);
  });

  it('checks numeric codes, usernames and passwords', () => {
    expect(isNumericCode('123456')).toBe(true);
    expect(isNumericCode('12345')).toBe(false);
    expect(isNumericCode('1234', 4)).toBe(true);
    expect(isUsername('player01')).toBe(true);
    expect(isUsername('1player')).toBe(false);
    expect(isUsername('short')).toBe(false);
    expect(passwordProblem('abc123')).toBeNull();
    expect(passwordProblem('abcdef')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('a1')).toBe('密码长度须为6-20位');
  });

  it('formats counts and prices for display', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(padTwo(7)).toBe('07');
    expect(padTwo(12)).toBe('12');
    expect(shortPrice(950)).toBe('950');
    expect(shortPrice(1500)).toBe('1.5K');
    expect(shortPrice(25000)).toBe('2.5W');
  });
});
