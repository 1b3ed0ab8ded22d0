/**
 * The problem types a borrower files a complaint under, held here on the server and sent by
 * problem-init. Values are stored with each complaint, so a value is never reused for another
 * meaning: add new ones at the end. Type 1 (collection) is the only one with sub-types.
 */
import { COLLECTION_PROBLEM_TYPE, DISPUTE_PROBLEM_SON_TYPE, type ProblemChoice } from '@cashloan/contract';

export interface ProblemType extends ProblemChoice {
  subTypes: ProblemChoice[];
}

export const PROBLEM_TYPES: readonly ProblemType[] = [
  {
    value: COLLECTION_PROBLEM_TYPE,
    title: 'Collection',
    subTypes: [
      { value: '11', title: 'Rude or threatening language' },
      { value: '12', title: 'Calls or messages to my contacts' },
      { value: '13', title: 'Calls at unreasonable hours' },
      { value: '14', title: 'Contacted before the due date' },
      { value: '15', title: 'Asked to pay a wrong amount' },
      { value: '16', title: 'Other collection problem' },
      // Issue 38: the link under an overdue order's "Handled by" on order details.
      { value: DISPUTE_PROBLEM_SON_TYPE, title: 'I dispute this amount' },
    ],
  },
  { value: '2', title: 'Loan application', subTypes: [] },
  { value: '3', title: 'Repayment', subTypes: [] },
  { value: '4', title: 'Account and personal information', subTypes: [] },
  { value: '5', title: 'App problem', subTypes: [] },
  { value: '6', title: 'Other', subTypes: [] },
];

export function findProblemType(value: string): ProblemType | undefined {
  return PROBLEM_TYPES.find((t) => t.value === value);
}

/** The titles a complaint shows for its stored values (the value itself if it is no longer listed). */
export function problemTitles(type: string, sonType: string): { type: string; sonType: string } {
  const found = findProblemType(type);
  const son = sonType ? (found?.subTypes.find((s) => s.value === sonType)?.title ?? sonType) : '';
  return { type: found?.title ?? type, sonType: son };
}
