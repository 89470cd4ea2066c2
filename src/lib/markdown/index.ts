export { renderMarkdown } from './render';
export { renderStreaming } from './streaming';
