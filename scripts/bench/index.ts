// `npm run bench [-- --quick]`: every benchmark, each figure a ratio against a baseline
// measured in the same run. Loads only loopback servers this script starts; bounded in time.
import { benchHttp } from './http';
import { printFigures } from './report';

const quick = process.argv.includes('--quick');
const started = Date.now();
printFigures('HTTP overhead of the app', await benchHttp(quick ? 1 : 3, quick ? 2 : 5));
console.log(`\nbench finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(0);
