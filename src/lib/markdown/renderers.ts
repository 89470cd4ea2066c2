/** Everything that renders markdown: the lazily loaded chunk behind `./lazy.ts`. */
export { IncrementalMarkdown } from './incremental';
export { renderMarkdown } from './render';
export { renderStreaming } from './streaming';
export { warmUp } from './warm-up';
