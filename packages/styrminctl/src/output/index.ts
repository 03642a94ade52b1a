export { formatOutput, outputFormats } from './formatOutput';
export type { OutputFormat } from './formatOutput';
