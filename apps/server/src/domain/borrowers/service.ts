/**
 * The borrowers room's door for the rest of the server: finding and making borrowers, their newest
 * session, and the borrower's row lock that other rooms serialise one borrower's work on. The
 * session check itself is session.ts; mounting calls with it is borrower-calls.ts. SQL stays in store.ts.
 */
export {
  DEFAULT_MERCHANT,
  borrowerIdsWithPhone,
  createBorrowerWithSession,
  findBorrower,
  findBorrowerByPhone,
  findBorrowers,
  hasBorrowers,
  latestSession,
  lockBorrower,
  type NewBorrower,
} from './store.ts';
export { createSession, type Borrower } from './session.ts';
