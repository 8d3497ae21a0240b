import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The value after it stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The first non-empty of the named parameters, looked up in the hash route's query
 * (#/pages/login/register?code=X) and then in the page URL's own query (?code=X#/...).
 */
export function useUrlParam(...names: string[]): string {
  const [params] = useSearchParams();
  const outer = new URLSearchParams(window.location.search);
  for (const name of names) {
    const value = params.get(name) ?? outer.get(name);
    if (value) return value.trim();
  }
  return '';
}
