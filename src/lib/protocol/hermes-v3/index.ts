export * from './frames';
export * from './codec';
export * from './media';
export { V3_ENVELOPE_FIELDS, V3_MEDIA_FIELDS, v3Problem, type V3Problem } from './validate';
