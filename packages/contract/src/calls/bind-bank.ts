/** The bind-bank calls: each route of routes/bind-bank.ts with its schemas of bind-bank.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { bindCardChangeRoute, bindCardNewRoute, cardInitRoute } from '../routes/bind-bank.ts';
import { bindCard, cardInit } from '../bind-bank.ts';

export const cardInitCall = defineCall(cardInitRoute, cardInit, 'The bank form definition for the product (form items, their options and filters).');
export const bindCardNewCall = defineCall(bindCardNewRoute, bindCard, 'Saves the filled bank form as the borrower\'s payment account.');
export const bindCardChangeCall = defineCall(
  bindCardChangeRoute,
  bindCard,
  'Saves the filled bank form, replacing the account of an existing order (bank screen opened with source=loanDetail).',
);
