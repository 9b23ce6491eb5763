// zod's `config`, alone. A dynamic `import('zod')` hands over zod's whole namespace, so the
// bundle would carry everything zod exports (its ~40 locales, JSON Schema): 86 kB gzipped
// where the schemas the forms use need about a quarter of that.
export { config } from 'zod';
