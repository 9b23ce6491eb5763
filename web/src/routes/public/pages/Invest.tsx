import { investPage, pageMeta } from '../../../content/marketingPages';
import { InvestGuide } from './InvestGuide';

/** /invest: a real page, not the original's bare placeholder word (issue 6). */
export function Invest() {
  return <InvestGuide page={investPage} meta={pageMeta.invest} testId="invest-page" />;
}
