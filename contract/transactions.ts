import {
  zTransactionList,
  zTransactionListQuery,
  zTransactionRefParams,
  zTransactionReceipt,
  zTransactionUpdate,
  zTransactionUpdated,
} from './funds';
import { zIdParam, zPageQuery } from './pagination';
import { route } from './route';

const zTransactionsQuery = zPageQuery.extend(zTransactionListQuery.shape);

export const transactionsApi = {
  all: route({
    method: 'GET',
    path: '/transactions',
    tag: 'transactions',
    summary: 'Every transaction (admin), filtered by status and type',
    access: 'admin',
    query: zTransactionsQuery,
    response: zTransactionList,
    errors: [],
  }),
  ofUser: route({
    method: 'GET',
    path: '/transactions/user/:id',
    tag: 'transactions',
    summary: "A user's transactions (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zTransactionsQuery,
    response: zTransactionList,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  byReference: route({
    method: 'GET',
    path: '/transactions/reference/:ref',
    tag: 'transactions',
    summary: 'A transaction by reference number (own, or any for staff): the order page',
    access: 'user',
    params: zTransactionRefParams,
    response: zTransactionReceipt,
    errors: ['NOT_FOUND'],
  }),
  setStatus: route({
    method: 'PUT',
    path: '/transactions/update/:id',
    tag: 'transactions',
    summary: 'Change a transaction’s status (admin): only a pending deposit or withdrawal, and the money moves with it',
    access: 'admin',
    params: zIdParam,
    body: zTransactionUpdate,
    response: zTransactionUpdated,
    errors: ['NOT_FOUND', 'TRANSITION_REFUSED', 'ALREADY_SETTLED', 'DEPOSIT_FINAL', 'WITHDRAWAL_DECIDED'],
  }),
};
