/**
 * The cost disclosure of a loan on given terms (the Disclosure Statement, or the Key Fact Statement
 * for the rupee) and the plan it is shown with: what the confirmation screen shows and what is stored
 * when the borrower confirms (confirmed-documents.ts).
 */
import { RUPEE_SYMBOL, marketOfCurrency, type CostCap, type CostDisclosure } from '@cashloan/contract';
import { totalCostCap } from '../../loan-terms/caps.ts';
import { capsFor } from '../../loan-terms/market-rules.ts';
import { coolingOffStatement } from '../../loan-terms/cooling-off.ts';
import { addDays, lenderDate } from '../../loan-terms/calendar.ts';
import { costFigures, projectLoan, type OfferTerms } from '../../loan-terms/disclosure.ts';

export interface PlanLine {
  seq: number;
  dueAt: Date;
  amountMinor: number;
}

/** The plan of a loan on these terms paid out on the day `from` falls on. */
export function projectedPlan(terms: OfferTerms, from: Date): PlanLine[] {
  return projectLoan(terms).instalments.map((i) => ({ seq: i.seq, dueAt: addDays(from, i.dueInDays), amountMinor: i.amountMinor }));
}

/** The cap that covers an offer in the currency's market, as disclosed; null when none does. */
export function costCapOf(terms: OfferTerms, currency: string): CostCap | null {
  const caps = capsFor(marketOfCurrency(currency), terms.principalMinor, terms.termDays);
  if (!caps) return null;
  return { maxTotalCostMinor: totalCostCap(caps, terms.principalMinor), lateMonthlyBp: caps.lateMonthlyBp, law: `SEC ${caps.circular}` };
}

/** The cost disclosure of an offer with its plan; the rupee gets the Key Fact Statement, with its APR, and the plan's dates on the Kolkata calendar. */
export function disclosureOf(terms: OfferTerms, plan: PlanLine[], currency: string): CostDisclosure {
  const market = marketOfCurrency(currency);
  const loan = projectLoan(terms);
  const figures = costFigures(loan);
  const keyFactStatement = currency === RUPEE_SYMBOL;
  return {
    title: keyFactStatement ? 'Key Fact Statement' : 'Disclosure Statement',
    amountFinanced: figures.amountFinancedMinor,
    financeCharges: [
      { text: 'Interest', amount: loan.interestMinor },
      { text: 'Service fee', amount: loan.feeMinor },
    ],
    totalFinanceCharge: figures.financeChargeMinor,
    netProceeds: figures.netProceedsMinor,
    totalOfPayments: figures.totalOfPaymentsMinor,
    schedule: plan.map((p) => ({ pay_time: lenderDate(p.dueAt, market), amount: p.amountMinor })),
    eirMonthlyBp: figures.eirMonthlyBp,
    eirAnnualBp: figures.eirAnnualBp,
    aprBp: keyFactStatement ? figures.aprBp : null,
    costCap: costCapOf(terms, currency),
    coolingOff: coolingOffStatement(marketOfCurrency(currency)),
  };
}
