// Kept free of zod so the public pages can show coin logos without loading the schemas.

/** Where the app serves a coin's logo (shipped with the app; `generic` for an unknown coin). */
export const coinLogoUrl = (symbol: string) => `/api/utils/coin-logos/${encodeURIComponent(symbol.toUpperCase())}.svg`;
export const GENERIC_COIN_LOGO = '/api/utils/coin-logos/generic.svg';
