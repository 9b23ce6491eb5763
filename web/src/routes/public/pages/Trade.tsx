import { pageMeta, tradePage } from '../../../content/marketingPages';
import { InvestGuide } from './InvestGuide';

/** /trade: the market-minded way into the plans. */
export function Trade() {
  return <InvestGuide page={tradePage} meta={pageMeta.trade} testId="trade-page" />;
}
