// `npm run bench [-- --quick] [--only=http|invest|accrual|report] [--accrual-large=N]`: every
// benchmark, each figure a ratio against a baseline measured in the same run. Loads only loopback
// servers this script starts; bounded in time.
import { describeMachine } from '../machine';
import { benchHttp } from './http';
import { benchAccrual, benchInvest, benchInvestDuringAccrual } from './money';
import { printFigures } from './report';
import { benchReportMemory } from './report-memory';

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const started = Date.now();
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(describeMachine());
if (!only || only === 'http') printFigures('HTTP overhead of the app', await benchHttp(quick ? 1 : 5, quick ? 2 : 3));
if (!only || only === 'invest') printFigures(`Investing (${db})`, await benchInvest(quick ? 100 : 1000));
// --accrual-large=1000000: the daily accrual at that size too, against the 100,000 run (linearity).
const large = Number(process.argv.find((a) => a.startsWith('--accrual-large='))?.slice(16)) || undefined;
if (!only || only === 'accrual')
  printFigures(`Daily accrual (${db})`, await benchAccrual(quick ? 10_000 : 100_000, large));
if (!only || only === 'accrual')
  printFigures(`Investing while the accrual runs (${db})`, await benchInvestDuringAccrual(quick ? 10_000 : 100_000));
if (!only || only === 'report')
  printFigures(`Transactions report streaming (${db})`, await benchReportMemory(quick ? 20_000 : 1_000_000));
console.log(`\nbench finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(0);
