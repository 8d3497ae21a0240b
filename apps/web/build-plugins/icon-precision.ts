import type { Plugin } from 'vite';

/** antd-mobile-icons' ES modules, one icon each. */
const ICON_MODULE = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;
/** A path's `d: "…"` (the icons are React.createElement calls with their attributes as objects). */
const PATH_DATA = /\bd: "([^"]*)"/g;
/** An element's `id: "…"`: the design tool's layer names (`EyeOutline-编组`). */
const LAYER_ID = /\n\s*id: "[^"]*",?/g;
const DECIMAL = /-?\d*\.\d+/g;

/** Writes every decimal of an SVG path with at most `digits` digits after the point. */
export function roundPathData(d: string, digits: number): string {
  return d.replace(DECIMAL, (n) => String(Number(Number(n).toFixed(digits))));
}

/**
 * antd-mobile-icons draw on a 48×48 grid with seven decimals (`23.9986223,7.45929361`) and carry
 * their design tool's layer names as ids, repeated in the page each time an icon shows. A tenth of
 * a unit is 0.05 px at 24 px, invisible; the build writes the paths with one decimal and drops
 * the ids (no icon refers to one: none has a `url(#…)`). About half of each icon's bytes: the
 * icons of the home page's first load (tab bar, game categories, notices, services) weigh about
 * 10 KB less compressed.
 */
export function iconPathPrecision(digits = 1): Plugin {
  return {
    name: 'icon-path-precision',
    apply: 'build',
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null;
      let out = code.replace(PATH_DATA, (_, d: string) => `d: "${roundPathData(d, digits)}"`);
      if (!out.includes('url(#')) out = out.replace(LAYER_ID, '');
      return out === code ? null : { code: out, map: null };
    },
  };
}
