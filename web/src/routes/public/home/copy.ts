/**
 * Copy of the Home, Markets and Asset Management pages that is not in the shared
 * content module (web/src/content/marketing.ts). Market figures are never written here:
 * they come from the server's price cache.
 */

export const homeMeta = {
  description:
    'Crypto mining investment plans with daily credited returns, live coin prices and a clear view of the risks. Opening an account is free.',
};

export const plansSection = {
  title: 'Investment Plans',
  lead: 'Plans and their rates are loaded live from the platform. Every plan states its term and range before you invest.',
  mostPopular: 'Most Popular',
};

export const assetsSection = {
  title: 'Popular Mined Assets',
  lead: 'Reference prices in USD from our price cache.',
};

export const marketsPage = {
  title: 'Markets',
  description:
    'Live crypto prices, top gainers and losers, total market capitalisation and the BTCUSDT daily chart, from our own price cache.',
  eyebrow: 'Markets',
  heading: 'Crypto markets at a glance',
  lead: 'Prices, movers and market capitalisation of the coins we mine and track, computed from our own price cache and refreshed every minute.',
};

/** The five Market Update cards: context for readers, not forecasts or advice. */
export const marketInsights: { tag: string; title: string; text: string }[] = [
  {
    tag: 'Bitcoin',
    title: 'Halving cycles and miner revenue',
    text: 'Every 210,000 blocks the Bitcoin block reward halves. Miners then earn fewer new coins per block, so efficiency and energy costs matter more than ever.',
  },
  {
    tag: 'Mining',
    title: 'Network difficulty keeps rising',
    text: 'When more hashing power joins a network, difficulty adjusts upward and each machine earns a smaller share. Newer, more efficient rigs stay profitable for longer.',
  },
  {
    tag: 'Institutions',
    title: 'Institutional interest in digital assets',
    text: 'Exchange-traded products and custody services have made it easier for institutions to hold crypto, which can add liquidity but also new sources of volatility.',
  },
  {
    tag: 'DeFi',
    title: 'Decentralised finance keeps evolving',
    text: 'Lending, trading and liquidity protocols on Ethereum, Solana and other chains move value without intermediaries, with smart-contract risk that investors should weigh.',
  },
  {
    tag: 'Regulation',
    title: 'Rules are taking shape worldwide',
    text: 'Regulators in many countries are defining how crypto assets are taxed, reported and offered to the public. Changes can affect prices and access to services.',
  },
];

export const marketDisclaimer =
  'Market information is provided for context only and is not investment advice. Prices can move quickly.';

export const assetPage = {
  title: 'Asset Management',
  description:
    'See how a diversified crypto portfolio is valued at live USD rates: allocation donut chart, per-asset details and a portfolio table.',
  eyebrow: 'Asset management',
  heading: 'Portfolio asset management',
  lead: 'How we value a diversified crypto portfolio: each holding is priced at our live USD rate, refreshed every 30 seconds, and its share of the total is shown below.',
  exampleNotice:
    'This is an example portfolio for illustration only: the holdings are not yours, not an offer and not a promise of any result. Values move with market prices.',
  explanation: [
    {
      title: 'How values are computed',
      text: 'Each holding is multiplied by its live USD rate from our price cache. When a live rate is missing or invalid, the asset is valued at its reference rate instead and marked as such.',
    },
    {
      title: 'Why diversify',
      text: 'Spreading holdings across several coins limits how much any single price move affects the whole portfolio, though crypto assets often move together.',
    },
    {
      title: 'Rate freshness',
      text: 'The indicator turns green when rates were updated within the last five minutes and yellow when they are older. "Never" means no rate time is known.',
    },
  ],
};
