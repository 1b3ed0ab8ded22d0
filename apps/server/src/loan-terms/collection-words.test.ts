/**
 * The deny-list a collection template is checked against (SEC MC 18 s2019 Section 1, RBI recovery
 * conduct): hostile examples, in English, Filipino and romanised Hindi, written the ways collectors
 * disguise them, are caught; the lender's plain, lawful wording is not.
 */
import { describe, expect, it } from 'vitest';
import { deniedWordIn, foldWords } from './collection-words.ts';
import { templateProblem } from '../domain/collections/templates.ts';

const HOSTILE: Array<[string, 'threat' | 'insult' | 'shaming']> = [
  ['Pay today or you will go to JAIL.', 'threat'],
  ['We will file an estafa case against you.', 'threat'],
  ['Our team will visit your house tonight.', 'threat'],
  ['The p0lice will come for you.', 'threat'],
  ['Magbayad ka na o ikukulong ka. Kulong ka talaga.', 'threat'],
  ['Pay now or we call the pulis.', 'threat'],
  ['Paisa do warna giraftar ho jaoge.', 'threat'],
  ['You are a thief and a liar.', 'insult'],
  ['Only a stupid person ignores this.', 'insult'],
  ['Tanga ka ba? Magbayad ka.', 'insult'],
  ['Walang hiya ka, magbayad ka.', 'insult'],
  ['Tum chor ho, paisa wapas karo.', 'insult'],
  ['S.C.A.M.M.E.R: pay your loan.', 'insult'],
  ['We will message your contacts about your debt.', 'shaming'],
  ['We will tell your employer you do not pay.', 'shaming'],
  ['Your photo will be posted on Facebook.', 'shaming'],
  ['Everyone will know you owe us.', 'shaming'],
  ['Ipapahiya ka namin sa barangay.', 'shaming'],
  ['Sab ke saamne badnaam kar denge.', 'shaming'],
];

const LAWFUL = [
  'Hello {borrowerName}, this is {agentName} of {agency} for {lender}. Your loan {orderNo} has {amountDue} past due since {dueDate}. Please pay in the app, or call {agentPhone} to agree a date.',
  'Dear {borrowerName}, thank you for your payment plan. The amount due is {amountDue}.',
  'If you have questions about the amount, reply or call us; we are happy to help.',
];

describe('the collection deny-list', () => {
  it.each(HOSTILE)('refuses %j as %s', (text, kind) => {
    expect(deniedWordIn(text)?.kind).toBe(kind);
    expect(templateProblem(text)).toMatch(/^body: ".+" is /);
  });

  it.each(LAWFUL)('lets the lender say %j', (text) => {
    expect(deniedWordIn(text)).toBeNull();
    expect(templateProblem(text)).toBeNull();
  });

  it('reads disguised words as words, and never a placeholder as the writer\'s', () => {
    expect(foldWords('J.A.I.L ja1l Jáil!')).toBe(' jail jail jail ');
    expect(foldWords('{orderNo} police')).toBe(' police ');
    // A word inside another word is not the word.
    expect(deniedWordIn('Your shampoo order and the harmless schedule')).toBeNull();
  });
});
