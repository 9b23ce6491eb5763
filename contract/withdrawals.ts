import {
  zWithdrawalCreated,
  zWithdrawalDecided,
  zWithdrawalDecision,
  zWithdrawalList,
  zUserWithdrawalListQuery,
  zWithdrawalListQuery,
  zWithdrawalQuote,
  zWithdrawalQuoteQuery,
  zWithdrawRequest,
} from './funds';
import { zIdParam, zPageQuery } from './pagination';
import { moneyGateErrors } from './errors';
import { route } from './route';

const zWithdrawalsQuery = zPageQuery.extend(zWithdrawalListQuery.shape);
/** A user's list has no stage filter: waiting for a second approval is staff business. */
const zUserWithdrawalsQuery = zPageQuery.extend(zUserWithdrawalListQuery.shape);

export const withdrawalsApi = {
  quote: route({
    method: 'GET',
    path: '/investments/withdraw/quote',
    tag: 'withdrawals',
    summary: 'What a withdrawal would be (fee, net, destination) and whether it would be accepted',
    access: 'user',
    query: zWithdrawalQuoteQuery,
    response: zWithdrawalQuote,
    errors: ['NOT_FOUND'],
  }),
  create: route({
    method: 'POST',
    path: '/investments/withdraw',
    tag: 'withdrawals',
    summary: 'Request a withdrawal: the amount is held at once until staff pay or reject it',
    access: 'user',
    body: zWithdrawRequest,
    response: zWithdrawalCreated,
    status: [201, 200],
    errors: [
      'FORBIDDEN',
      'NOT_FOUND',
      ...moneyGateErrors,
      'SECURITY_HOLD',
      'KYC_REQUIRED',
      'AMOUNT_OUT_OF_RANGE',
      'NO_PAYOUT_DESTINATION',
      'INSUFFICIENT_FUNDS',
      'DUPLICATE_REQUEST',
    ],
  }),
  all: route({
    method: 'GET',
    path: '/transactions/withdrawals',
    tag: 'withdrawals',
    summary: 'Every withdrawal (staff), by status or waiting for a second approval, with the cards’ figures',
    access: 'staff',
    query: zWithdrawalsQuery,
    response: zWithdrawalList,
    errors: [],
  }),
  ofUser: route({
    method: 'GET',
    path: '/transactions/withdrawals/:id',
    tag: 'withdrawals',
    summary: "A user's withdrawals (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zUserWithdrawalsQuery,
    response: zWithdrawalList,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  decide: route({
    method: 'PUT',
    path: '/transactions/withdrawals/:id/status',
    tag: 'withdrawals',
    summary: 'Approve (settled: paid out) or reject (invalid: hold returned) a pending withdrawal (admin)',
    access: 'admin',
    params: zIdParam,
    body: zWithdrawalDecision,
    response: zWithdrawalDecided,
    errors: ['NOT_FOUND', 'WITHDRAWAL_DECIDED'],
  }),
};
