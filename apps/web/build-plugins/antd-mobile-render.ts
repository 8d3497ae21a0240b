import type { Plugin } from 'vite';

const VIRTUAL = '\0antd-mobile-legacy-render';

/**
 * Leaves antd-mobile's legacy renderer out of the build. antd-mobile 5 renders its imperative
 * parts (Toast, Dialog) through `unstableSetRender`, whose default is rc-util's `React/render`:
 * ReactDOM's pre-19 `render` with a `createRoot` fallback, compiled with Babel's regenerator
 * runtime, about 7 KB of the first load (2.5 KB brotli) that this app never runs, because
 * app/boot.ts sets React 19's `createRoot` renderer before anything renders
 * (https://mobile.ant.design/guide/v5-for-19). In `vite build`, the module antd-mobile imports it
 * through (`es/utils/render`) is replaced by one that says so if it is ever reached.
 */
export function antdMobileWithoutLegacyRender(): Plugin {
  return {
    name: 'antd-mobile-without-legacy-render',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './render' &&
        importer?.replace(/\\/g, '/').endsWith('antd-mobile/es/utils/unstable-render.js')
      )
        return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return [
        "const unset = () => { throw new Error('antd-mobile: unstableSetRender was not called before rendering'); };",
        'export const render = unset;',
        'export const unmount = unset;',
      ].join('\n');
    },
  };
}
