// A single-page app: no server rendering, no prerendering; the SPA fallback serves every route.
export const ssr = false;
export const prerender = false;
