// zod's `config`, alone. A dynamic `import('zod')` hands over zod's whole namespace, so the
// bundle would carry everything zod exports (its ~40 locales, JSON Schema): 86 kB gzipped
// where the schemas the forms use need about a quarter of that. The router's first schema step
// (router.tsx) imports it too: that runs zod's core, and its schema classes run with the next
// step (measured on /register at 4x CPU throttling: no step over 14 ms).
export { config } from 'zod';
