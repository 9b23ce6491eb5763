import { FAQ_CATEGORIES, type FaqCategory } from '../../../../content/marketingPages';

/** The FAQ's state: the category shown and the one open question (by index), if any. */
export interface FaqState {
  category: FaqCategory;
  open: number | null;
}

export type FaqAction = { type: 'toggle'; index: number } | { type: 'category'; category: FaqCategory };

/** Clicking a question: opens it (closing any other), or closes it when it is the open one. */
export const toggleOpen = (open: number | null, index: number): number | null => (open === index ? null : index);

export const initialFaqState: FaqState = { category: FAQ_CATEGORIES[0], open: null };

/**
 * Spec §2 FAQ: one question open at a time; clicking the open one closes it; changing
 * category keeps the open index (so the question at the same place opens in the new list).
 */
export function faqReducer(state: FaqState, action: FaqAction): FaqState {
  switch (action.type) {
    case 'toggle':
      return { ...state, open: toggleOpen(state.open, action.index) };
    case 'category':
      return { ...state, category: action.category };
  }
}
