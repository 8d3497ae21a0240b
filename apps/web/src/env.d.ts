/// <reference types="vite/client" />

/** Build id, also written to dist/version.json (see vite.config.ts). */
declare const __BUILD_ID__: string;
/** ISO time of the build. */
declare const __BUILD_TIME__: string;
