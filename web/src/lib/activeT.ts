import { getI18n } from 'react-i18next';
import { i18next } from '../i18n/i18n';

/**
 * The active instance's `t`, for words written outside a component (helpers such as
 * `describeDevice` or `termWords`, the API client's own failures): the browser's instance, or
 * the pre-render's and tests' own. A screen re-renders on a language change (App keys its tree
 * by the language), so these read the language when called, as the format helpers do.
 */
export function activeT() {
  return (getI18n() ?? i18next).t;
}
