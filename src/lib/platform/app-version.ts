/** The app's release: `version` of package.json, replaced by a literal at build time (vite.config.ts). */
export const APP_VERSION: string = __IRIS_APP_VERSION__;
